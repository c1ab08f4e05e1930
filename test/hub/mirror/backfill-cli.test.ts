import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../../support/harness.js';
import { hubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { projectRoot } from '../../support/processes.js';
import { seedEvaluatedTranscription } from '../client/support.js';

const run = promisify(execFile);
let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

/** `npm run cli -- backfill` against the stack's API and account. */
const backfill = () =>
  run(process.execPath, ['src/cli/launch.mjs', 'backfill'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      UPSTREAM_BASE_URL: `${stack.baseUrl}/api`,
      UPSTREAM_API_KEY: stack.account.key,
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
    },
  });

describe('npm run cli -- backfill', () => {
  it('mirrors the whole account with a progress bar, and a second run resumes where the first stopped', async () => {
    const first = await Promise.all(Array.from({ length: 5 }, () => seedEvaluatedTranscription(h.db, stack.account.id)));
    const one = await backfill();
    expect(one.stdout.trim()).toBe('mirrored 5 transcription(s) now; 0 of 5 were mirrored already');
    expect(one.stderr).toContain('backfill [');
    expect(one.stderr).toContain('5/5 to mirror');
    expect(await h.db.hubTranscription.count({ where: { id: { in: first.map((t) => t.id) } } })).toBe(5);
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: { in: first.map((t) => t.id) } } })).toBe(10);

    // A group changed upstream and two new transcriptions: only those three are fetched.
    await stack.client.updateTranscriptionGroup({ transcription_id: first[0].id, group: 'ARCHIVED' });
    await seedEvaluatedTranscription(h.db, stack.account.id);
    await seedEvaluatedTranscription(h.db, stack.account.id);
    const two = await backfill();
    expect(two.stdout.trim()).toBe('mirrored 3 transcription(s) now; 4 of 7 were mirrored already');
    expect((await h.db.hubTranscription.findUniqueOrThrow({ where: { id: first[0].id } })).group).toBe('ARCHIVED');

    // Nothing left to do: said plainly, and no bar claiming "7/7 mirrored".
    const three = await backfill();
    expect(three.stdout.trim()).toBe('nothing to backfill: all 7 transcription(s) of the upstream account are mirrored already');
    expect(three.stderr).not.toContain('backfill [');
  }, 60_000);
});
