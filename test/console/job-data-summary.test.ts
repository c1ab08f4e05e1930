import { describe, expect, it } from 'vitest';
import { summarizeJobData } from '../../src/queues/inspect/job-data-summary.js';

describe("a job's data summary on the Queues page", () => {
  it('shows key=value pairs, nested values as JSON', () => {
    expect(summarizeJobData({ transcriptionId: 'abc', group: 'ARCHIVED', channel: null })).toBe(
      'transcriptionId=abc, group=ARCHIVED, channel=null',
    );
    expect(summarizeJobData({ run: { id: 'r1', attempt: 2 } })).toBe('run={"id":"r1","attempt":2}');
    expect(summarizeJobData({})).toBe('(no data)');
    expect(summarizeJobData('tick-1')).toBe('tick-1');
  });

  it('hides values under keys that name a secret, at any depth', () => {
    const summary = summarizeJobData({
      url: 'https://x.test/hook',
      signingSecret: 'whsec_abc',
      nested: { apiKey: 'cq_live_1', Authorization: 'Bearer t', note: 'ok' },
      list: [{ password: 'p' }],
    });
    expect(summary).toBe(
      'url=https://x.test/hook, signingSecret=(hidden), nested={"apiKey":"(hidden)","Authorization":"(hidden)","note":"ok"}, list=[{"password":"(hidden)"}]',
    );
    for (const secret of ['whsec_abc', 'cq_live_1', 'Bearer t', '"p"']) expect(summary).not.toContain(secret);
  });

  it('cuts long values and the whole line', () => {
    const summary = summarizeJobData({ a: 'x'.repeat(500), b: 'y'.repeat(500), c: 'z'.repeat(500), d: 'w'.repeat(500) });
    expect(summary).toContain(`a=${'x'.repeat(79)}…`);
    expect(summary.length).toBe(300);
    expect(summary.endsWith('…')).toBe(true);
  });
});
