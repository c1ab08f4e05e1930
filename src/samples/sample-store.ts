/**
 * The sample calls as files, made on first use (espeak-ng + sox) and kept in one folder; requests
 * for the same call while it is being made share the one making.
 */
import { sampleCalls, writeSampleCall } from './sample-calls.js';

export type SampleName = keyof typeof sampleCalls;

export function isSampleName(name: string): name is SampleName {
  return Object.hasOwn(sampleCalls, name);
}

export class SampleStore {
  private readonly making = new Map<SampleName, Promise<string>>();

  constructor(private readonly dir: string) {}

  /** The path of the sample's WAV file, made now if it was not yet. */
  file(name: SampleName): Promise<string> {
    const known = this.making.get(name);
    if (known) return known;
    const made = writeSampleCall(this.dir, name, sampleCalls[name]);
    this.making.set(name, made);
    // A failed making (espeak-ng missing, a full disk) is tried again on the next request.
    made.catch(() => this.making.delete(name));
    return made;
  }
}
