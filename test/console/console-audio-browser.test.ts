/**
 * The call view's player in Chromium (docs/console.md, "The recording"): the recording of a call
 * processed by the built-in service plays in the <audio> element; a click on a turn seeks there
 * and highlights it; playing on moves the highlight to the next turn; a click on a quote, or on
 * its criterion's "Show in transcript", seeks to the quoted turn; the speed buttons set the
 * playback rate; the page passes axe.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { createRecordedCall, turnStarts } from '../support/recorded-call.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { expectAccessible, launchBrowser, screenshot, signInOnConsole } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let recordings: RecordingServer;
let browser: Browser;
let callId: string;
const lead = { email: `lead-${randomUUID().slice(0, 8)}@example.com`, name: 'Lea Lead', password: 'a long enough password' };

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  recordings = await startRecordingServer();
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...lead, role: 'lead' }, { kind: 'cli' });
  callId = (await createRecordedCall(h, stack, recordings, { evaluated: true })).id;
}, 90_000);
afterAll(() => closeInOrder(browser, recordings, stack, h));

/** What the test reads and sets of the page's <audio> element (the tests compile without the DOM's types; the casts stay inline, as evaluate sends each function's source to the page). */
interface MediaElement {
  currentTime: number;
  readonly duration: number;
  readonly readyState: number;
  readonly paused: boolean;
  readonly playbackRate: number;
  pause(): void;
}
const currentTime = (page: Page) => page.locator('#call-audio').evaluate((audio) => (audio as unknown as MediaElement).currentTime);
/** The index of the highlighted turn (-1 for none); only one is ever highlighted. */
const playingTurn = (page: Page) =>
  page.locator('.transcript .turn').evaluateAll((turns) => {
    const playing = turns.filter((turn) => turn.classList.contains('playing'));
    return playing.length === 1 && playing[0]!.getAttribute('aria-current') === 'true' ? turns.indexOf(playing[0]) : -1;
  });

describe('the call view player', () => {
  it('plays the call, seeks by a click on a turn or a quote, and the highlight follows playback', async () => {
    const { context, page } = await signInOnConsole(
      browser,
      { baseUrl: stack.baseUrl, email: lead.email, password: lead.password },
      `/console/calls/${callId}`,
    );
    const audio = page.locator('#call-audio');
    await expect
      .poll(() => audio.evaluate((el) => (el as unknown as MediaElement).readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((el) => (el as unknown as MediaElement).duration)).toBeGreaterThan(turnStarts[3]);

    await page.locator('.transcript .turn').nth(2).click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(turnStarts[2]);
    expect(await currentTime(page)).toBeLessThan(turnStarts[3]);
    expect(await playingTurn(page)).toBe(2);
    await expect.poll(() => audio.evaluate((el) => (el as unknown as MediaElement).paused)).toBe(false);

    // Played on past the next turn's start, the highlight moves there by itself.
    await page.locator('.transcript .turn').nth(2).click();
    await audio.evaluate((el, at) => {
      (el as unknown as MediaElement).currentTime = at;
    }, turnStarts[3] - 0.5);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(turnStarts[3]);
    await expect.poll(() => playingTurn(page)).toBe(3);

    // A click on an earlier turn goes back.
    await page.locator('.transcript .turn').nth(1).click();
    await expect.poll(() => playingTurn(page)).toBe(1);
    const back = await currentTime(page);
    expect(back).toBeGreaterThanOrEqual(turnStarts[1]);
    expect(back).toBeLessThan(turnStarts[2]);

    await page.click('.speeds button[data-speed="1.5"]');
    expect(await audio.evaluate((el) => (el as unknown as MediaElement).playbackRate)).toBe(1.5);
    expect(await page.getAttribute('.speeds button[data-speed="1.5"]', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('.speeds button[data-speed="1"]', 'aria-pressed')).toBe('false');
    await page.click('.speeds button[data-speed="2"]');
    expect(await audio.evaluate((el) => (el as unknown as MediaElement).playbackRate)).toBe(2);

    // A click on a quote (a mark inside its turn) and on a criterion's "Show in transcript" seek to the quoted turn.
    const quoted = await page
      .locator('.transcript .turn')
      .evaluateAll((turns) => turns.findIndex((turn) => turn.querySelector('mark') !== null));
    expect(quoted).toBeGreaterThanOrEqual(0);
    const elsewhere = quoted === 3 ? 2 : 3;
    await page.locator('.transcript .turn').nth(elsewhere).click();
    await expect.poll(() => playingTurn(page)).toBe(elsewhere);
    await page.locator('.transcript mark').first().click();
    await expect.poll(() => playingTurn(page)).toBe(quoted);
    expect(await currentTime(page)).toBeGreaterThanOrEqual(turnStarts[quoted]);
    await page.locator('.transcript .turn').nth(elsewhere).click();
    await expect.poll(() => playingTurn(page)).toBe(elsewhere);
    await page.locator('a.show-quote').first().click();
    await expect.poll(() => playingTurn(page)).toBe(quoted);
    expect(await currentTime(page)).toBeLessThan(turnStarts[quoted] + 4);

    await audio.evaluate((el) => (el as unknown as MediaElement).pause());
    await screenshot(page, 'call-player');
    await expectAccessible(page);
    await context.close();
  }, 60_000);
});
