import { describe, expect, it } from 'vitest';
import { describeAlert, describeEvent } from '../../../src/hub/review/load-call.js';

// The call view's "History" list: every line reads as a sentence, with no enum names.
describe('call history lines', () => {
  it('names an alert delivered to the log notifier once, as a sentence', () => {
    const line = describeAlert({ kind: 'critical_fail', status: 'delivered_to_log', channel: 'log' });
    expect(line).toBe("Slack critical-fail alert written to the hub's log (no SLACK_BOT_TOKEN, so not posted to Slack)");
    expect(line).not.toMatch(/to log to log|delivered to log/);
  });

  it('names the channel of a sent, failed or waiting alert', () => {
    expect(describeAlert({ kind: 'critical_fail', status: 'sent', channel: '#qa-alerts' })).toBe(
      'Slack critical-fail alert sent to #qa-alerts',
    );
    expect(describeAlert({ kind: 'critical_fail', status: 'failed', channel: '#qa-alerts' })).toBe(
      'Slack critical-fail alert failed (to #qa-alerts)',
    );
    expect(describeAlert({ kind: 'critical_fail', status: 'pending', channel: null })).toBe('Slack critical-fail alert waiting to be sent');
  });

  it('names groups by their display names, "No group" for none', () => {
    expect(describeEvent({ kind: 'group_move', before: { group: null }, after: { group: 'UNDER_REVIEW' } })).toBe(
      'Group moved from No group to Under review',
    );
    expect(describeEvent({ kind: 'group_move', before: { group: 'PENDING_REVIEW' }, after: { group: 'ARCHIVED' } })).toBe(
      'Group moved from Pending review to Archived',
    );
  });
});
