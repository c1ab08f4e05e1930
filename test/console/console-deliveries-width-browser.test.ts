/**
 * The Deliveries page with a long webhook URL keeps the window's width in Chromium: the URL wraps
 * in its cell and the test event's configuration select (whose options cannot wrap) takes its
 * tool's width. The page is rendered as served, its stylesheet inlined; no server is needed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAccountFacts, DeliveryView } from '../../src/hub/console/pages/deliveries/outgoing-deliveries.js';
import { deliveriesPage } from '../../src/hub/console/pages/deliveries/deliveries-view.js';
import { projectRoot } from '../support/processes.js';
import { launchBrowser } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => closeInOrder(browser));

const url = `https://hub.example.com/webhooks/transcriptions/success?token=cqr_${'9f8e7d6c5b4a3928'.repeat(4)}&source=${'long-path-segment-'.repeat(16)}`;
const account: DeliveryAccountFacts = {
  id: 'acct-1',
  name: 'acme',
  previousSecretExpiresAt: null,
  secretVersion: '0123456789abcdef',
  counts: { pending: 0, delivered: 0, failed: 1 },
  configurations: [{ id: 'cfg-1', tag: 'support', urls: [url, `${url}-error`] }],
};
const delivery: DeliveryView = {
  id: '11111111-1111-4111-8111-111111111111',
  eventType: 'transcription.completed',
  transcriptionId: null,
  url,
  status: 'failed',
  attemptCount: 3,
  lastStatusCode: null,
  lastError: 'connect ECONNREFUSED 127.0.0.1:3000',
  nextAttemptAt: null,
  createdAt: new Date('2026-11-27T10:00:00Z'),
  deliveredAt: null,
  replayCount: 0,
  lastReplayedAt: null,
  attempts: [],
};

describe('the Deliveries page with a long webhook URL', () => {
  for (const role of ['admin', 'viewer'] as const) {
    it(`is no wider than a 1280 px window for ${role === 'admin' ? 'an admin (with the actions)' : 'a viewer'}`, async () => {
      const css = readFileSync(path.join(projectRoot, 'src/hub/console/assets/console.css'), 'utf8');
      const markup = deliveriesPage(
        { user: { id: '00000000-0000-4000-8000-000000000000', email: 'a@example.com', name: 'Ada', role }, csrfToken: 't' },
        { filters: { account: account.id }, accounts: [account], account, page: { deliveries: [delivery], nextCursor: null } },
      ).value.replace('<link rel="stylesheet" href="/console/assets/console.css">', `<style>${css}</style>`);
      expect(markup).toContain('<style>');
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.setContent(markup);
        const width = await page.evaluate(
          () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
        );
        expect(width).toBeLessThanOrEqual(1280);
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});
