/**
 * Runs a test file's clean-ups in reverse order, each bounded: one that hangs (a connection to a
 * server the test killed, a pool waiting for a client) is named on stderr and left behind after
 * `eachMs`, so it cannot turn a passed scenario into a hook time-out, and the next clean-ups still run.
 */
export async function runCleanups(cleanups: (() => Promise<unknown>)[], eachMs = 15_000): Promise<void> {
  for (const [index, cleanup] of [...cleanups].reverse().entries()) {
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      cleanup().then(
        () => 'done',
        () => 'failed',
      ),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('hung'), eachMs))),
    ]);
    clearTimeout(timer);
    if (outcome === 'hung')
      process.stderr.write(
        `clean-up ${cleanups.length - 1 - index} (${cleanup.toString().slice(0, 80)}) still running after ${eachMs} ms; left behind\n`,
      );
  }
}
