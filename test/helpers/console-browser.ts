import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Debian's chromium: the browser tests drive the one the system has, never a downloaded one. */
export const CHROMIUM = process.env.MYKO_CHROMIUM ?? '/usr/bin/chromium';
/** Where MYKO_SCREENSHOTS=1 writes the console's screenshots (the ones docs/operations.md shows). */
const SCREENSHOTS = join(__dirname, '..', '..', 'docs', 'img');

/** Headless chromium, no sandbox (containers run as root). */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
    defaultViewport: { width: 1280, height: 860 },
  });
}

/** Page errors and CSP or Trusted Types violations a page reported, for the test to assert none happened. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${(error as Error).message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[134]/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/** Types the admin key into the console's prompt and waits for the views. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.waitForSelector('#sign-in:not([hidden])');
  await page.type('#admin-key', key);
  await page.click('#sign-in-form button[type=submit]');
  await page.waitForSelector('#app:not([hidden])');
}

/** Opens a view by its tab. */
export async function openView(page: Page, view: string): Promise<void> {
  await page.click(`#tab-${view}`);
  await page.waitForSelector(`#view-${view}:not([hidden])`);
}

/** Sets a form field's value (replacing what is there, as a paste would). */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (input, text) => {
      (input as unknown as { value: string }).value = text;
    },
    value,
  );
}

/** The text of the first element matching `selector`, once one exists. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const handle = await page.waitForSelector(selector);
  return (await handle!.evaluate((node) => node.textContent ?? '')).replace(/\s+/g, ' ').trim();
}

/** Saves `docs/img/console-<name>.png` when MYKO_SCREENSHOTS=1 (so a test run never rewrites the docs). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.MYKO_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `console-${name}.png`), fullPage: false });
}
