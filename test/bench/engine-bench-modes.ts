import type { LabelledCall } from '../engine/labelled-call.js';

/** How a labelled call is recorded for the engine bench: as synthesized, or through a telephone line (telephone-line.ts). */
export interface Mode {
  name: 'stereo' | 'mono' | 'phone-mono' | 'phone-stereo';
  stereo: boolean;
  telephone: boolean;
  /** The agent on the left channel, as contact centres record (the script's labels swapped when the agent is B). */
  agentLeft: boolean;
}

export const modes = {
  stereo: { name: 'stereo', stereo: true, telephone: false, agentLeft: false },
  mono: { name: 'mono', stereo: false, telephone: false, agentLeft: false },
  phoneMono: { name: 'phone-mono', stereo: false, telephone: true, agentLeft: false },
  phoneStereo: { name: 'phone-stereo', stereo: true, telephone: true, agentLeft: true },
} as const satisfies Record<string, Mode>;

/** The development calls run in every mode; other sets at 16 kHz only. */
export const allModes: Mode[] = Object.values(modes);
export const wideModes: Mode[] = [modes.stereo, modes.mono];

/** The same call with the agent as speaker A (the left channel). */
export function agentOnLeft(call: LabelledCall): LabelledCall {
  if (call.agent === 'A') return call;
  const swap = (speaker: 'A' | 'B') => (speaker === 'A' ? 'B' : 'A');
  return { ...call, agent: 'A', turns: call.turns.map((t) => ({ ...t, speaker: swap(t.speaker) })) };
}
