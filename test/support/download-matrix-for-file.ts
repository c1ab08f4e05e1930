/**
 * The set-up of a download matrix test file (test/processing and test/reliability
 * download-servers): silent WAVs in a folder of their own, served by Python's http.server and by
 * the odd server; a harness with an account, a configuration, and a worker on fixed transcripts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fixedTranscriptEngines, writeSilentWav } from './download-matrix.js';
import { createHarness, type Harness, type HarnessOptions, type TestAccount } from './harness.js';
import { startOddHttpServer, startPythonHttpServer, type PythonServer } from './python-servers.js';

export interface DownloadMatrix {
  h: Harness;
  account: TestAccount;
  configurationId: string;
  /** `python3 -m http.server` over the folder. */
  plain: PythonServer;
  /** The odd server over the same folder (chunked, gzip, trickled, cut, redirects…). */
  odd: PythonServer;
}

export interface DownloadMatrixOptions {
  /** Each file's name and size in bytes. */
  wavs: Record<string, number>;
  /** The configuration's tag, also in the folder's name. */
  tag: string;
  concurrency: number;
  harness?: HarnessOptions;
}

/** Registers the file's beforeAll/afterAll; the answer's members are set once the beforeAll ran. */
export function downloadMatrixForFile(options: DownloadMatrixOptions): DownloadMatrix {
  const matrix = {} as DownloadMatrix;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), `convoqa-${options.tag}-`));
    for (const [name, bytes] of Object.entries(options.wavs)) await writeSilentWav(path.join(folder, name), bytes);
    [matrix.plain, matrix.odd] = await Promise.all([startPythonHttpServer(folder), startOddHttpServer(folder)]);
    matrix.h = createHarness(options.harness);
    matrix.account = await matrix.h.createAccount();
    const created = await matrix.account.call('create-configuration', { tag: options.tag });
    matrix.configurationId = created.body.data.configuration.configuration_id;
    matrix.h.startWorker({ engines: fixedTranscriptEngines, concurrency: options.concurrency });
  });
  afterAll(async () => {
    await matrix.h.close();
    await Promise.all([matrix.plain.close(), matrix.odd.close()]);
    rmSync(folder, { recursive: true, force: true });
  });
  return matrix;
}
