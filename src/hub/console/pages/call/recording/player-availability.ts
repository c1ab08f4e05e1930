/** Why the call view has nothing to play when the hub has no recording source (docs/console.md, "The recording"). */
export const noRecordingSource =
  "No recording to play: this hub's upstream is another deployment of the API, whose operations serve no audio, and the hub submitted none of its calls, so it knows no recording URL to play instead.";

/** What the call view's player shows: the recording, or why there is none. */
export type PlayerAvailability = { kind: 'playable'; src: string } | { kind: 'none'; reason: string };

/** The player's state for a call, from whether the console has a recording source and the call's mirror row. */
export function playerAvailability(callId: string, hasSource: boolean, deletedAt: Date | null): PlayerAvailability {
  if (deletedAt)
    return { kind: 'none', reason: 'No recording to play: the transcription was deleted upstream, and its recording with it.' };
  if (!hasSource) return { kind: 'none', reason: noRecordingSource };
  return { kind: 'playable', src: `/console/calls/${callId}/recording` };
}
