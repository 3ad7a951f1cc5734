import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildAdmin, isAdminStale } from '../../../scripts/build-admin.mjs';

export const CHROMIUM = '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The tests run the sources; the dashboard they load is the bundle in dist/admin, built here when stale. */
export async function ensureDashboardBuilt(): Promise<void> {
  if (isAdminStale()) await buildAdmin();
}

/** One browser per test file (Debian's Chromium, as the docs-page test launches it). */
export async function launchBrowser(): Promise<Browser> {
  await ensureDashboardBuilt();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Everything the page reported as wrong: uncaught errors, console errors, CSP violations. */
  problems: string[];
}

/** A fresh browser context (its own cookies) in English unless told otherwise. */
export async function openDashboard(browser: Browser, options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<DashboardPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, locale: options.locale ?? 'en-US', timezoneId: 'Europe/Prague' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A failed request shows as a console error too; the screens show those in words, which the tests check.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return { context, page, problems };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/sign-in'));
  await page.locator('main h1').waitFor();
}

/** axe-core in the page (evaluated, so that the page's own CSP needs no exception): no serious or critical finding. */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  assert.deepEqual(serious, [], `${screen}: ${JSON.stringify(serious, null, 1)}`);
}

/** No uncaught error, console error or CSP violation happened in the page. */
export function assertNoProblems(dashboard: DashboardPage, screen: string): void {
  assert.deepEqual(dashboard.problems, [], screen);
}
