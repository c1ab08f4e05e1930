/**
 * Debian's Chromium driven by playwright-core (no browser download): headless, with the flags
 * docs/console.md lists. Each test saves a screenshot under tmp/screenshots (git-ignored) and
 * runs axe-core on the page.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { projectRoot } from '../support/processes.js';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });

const screenshotsDir = path.join(projectRoot, 'tmp', 'screenshots');
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page (the context bypasses CSP to inject it). */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string | null; help: string; targets: string[] }[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      document: unknown;
      axe: { run(ctx: unknown, options: object): Promise<{ violations: AxeViolation[] }> };
    };
    return (await scope.axe.run(scope.document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A new browser context on the console (CSP bypassed for axe), signed in as `email`, on `path` afterwards. */
export async function signInOnConsole(
  browser: Browser,
  login: { baseUrl: string; email: string; password: string },
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ bypassCSP: true, baseURL: login.baseUrl });
  const page = await context.newPage();
  await page.goto(path);
  await page.fill('#email', login.email);
  await page.fill('#password', login.password);
  await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/sign-in')), page.click('button[type=submit]')]);
  return { context, page };
}

/** No serious or critical axe-core violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}
