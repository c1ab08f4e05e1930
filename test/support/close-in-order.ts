/** Anything a test file starts and closes at its end: a harness, a stack, a server, a browser. */
export interface Closable {
  close(): Promise<unknown>;
}

/**
 * Closes a test file's resources one after the other, in the order given (an `afterAll`), skipping
 * those never started (a `beforeAll` that failed part way).
 */
export async function closeInOrder(...resources: (Closable | undefined)[]): Promise<void> {
  for (const resource of resources) await resource?.close();
}
