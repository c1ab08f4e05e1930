/**
 * One harness for a whole test file, and the list its tests push their own clean-ups to (proxies,
 * private servers, stacks), for scenarios that build their pieces inside the test.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness, type HarnessOptions } from './harness.js';
import { runCleanups } from './run-cleanups.js';

export interface HarnessForFileOptions extends HarnessOptions {
  /**
   * Close the harness after the clean-ups, bounded like them (default: before them, so that its
   * workers stop before the stacks and proxies their jobs call are closed).
   */
  closeHarnessLast?: boolean;
}

/**
 * Registers the file's beforeAll/afterAll: `use` receives the harness once it exists (assign it to
 * the file's `h`). Returns the clean-ups list; they run in reverse order after the tests.
 */
export function harnessForFile(use: (h: Harness) => void, options: HarnessForFileOptions = {}): (() => Promise<unknown>)[] {
  const { closeHarnessLast, ...harnessOptions } = options;
  const cleanups: (() => Promise<unknown>)[] = [];
  let h: Harness | undefined;
  beforeAll(() => {
    h = createHarness(harnessOptions);
    if (closeHarnessLast) cleanups.unshift(() => h!.close());
    use(h);
  });
  afterAll(async () => {
    if (!closeHarnessLast) await h?.close();
    await runCleanups(cleanups);
  });
  return cleanups;
}
