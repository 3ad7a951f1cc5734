import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn } from './helpers/dashboard.js';

const INITIAL_JS_BUDGET = 200 * 1024;

describe('dashboard: signing in and out (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  const resetTokens: string[] = [];
  const password = 'correct horse battery';
  const email = 'owner@example.com';
  const lockedEmail = 'locked@example.com';

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.auth.maxLoginAttempts = 2;
      config.hooks.rents.afterForgotPassword = ({ token }) => {
        resetTokens.push(token);
      };
    });
    await server.createAccount({ email, password, name: 'Půjčovna Brno' });
    await server.createAccount({ email: lockedEmail, password });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('loads at most 200 KB of JavaScript (gzip) on a first visit, and signs in to the overview', async () => {
    const dashboard = await openDashboard(browser);
    const { page } = dashboard;
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
    });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.match(page.url(), /\/admin\/sign-in\?next=%2Fadmin$/, 'a signed-out visitor is sent to sign in');
    await assertAccessible(page, 'sign-in');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Půjčovna Brno' }).waitFor();
    await page.getByText('You have no products yet.').waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all([...scripts.values()].map(async (body) => gzipSync(await body, { level: 9 }).length));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.log(`initial JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip`);
    assert.ok(scripts.size > 0);
    assert.ok(total <= INITIAL_JS_BUDGET, `${total} bytes of gzip JavaScript`);
    await assertAccessible(page, 'overview');
    assertNoProblems(dashboard, 'first visit');
    await dashboard.context.close();
  });

  it('keeps the session in an HttpOnly, SameSite cookie no script can read, and never in storage', async () => {
    const dashboard = await openDashboard(browser);
    const { page, context } = dashboard;
    await signIn(page, server.url, email, password);
    const cookies = await context.cookies();
    assert.deepEqual(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite, cookie.path]), [['rental-session', true, 'Strict', '/api']]);
    assert.equal(await page.evaluate(() => document.cookie), '');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.doesNotMatch(stored, /eyJ/, 'no token in web storage');
    assert.ok(!stored.includes(cookies[0]?.value as string));
    // The page's own fetches are authenticated by the cookie alone.
    const me = await page.evaluate(async () => (await fetch('/api/rents/me')).json());
    assert.equal((me as { user: { email: string } }).user.email, email);
    assertNoProblems(dashboard, 'cookie');
    await context.close();
  });

  it('says when the e-mail or password is wrong', async () => {
    const dashboard = await openDashboard(browser);
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The e-mail or password is not correct.' }).waitFor();
    await assertAccessible(page, 'sign-in with errors');
    await dashboard.context.close();
  });

  it("shows the lockout's wait from Retry-After and keeps the button off until then", async () => {
    const dashboard = await openDashboard(browser);
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/sign-in`);
    await page.getByLabel('E-mail').fill(lockedEmail);
    await page.getByLabel('Password', { exact: true }).fill('wrong wrong wrong');
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('The e-mail or password is not correct.').waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const locked = page.getByRole('alert').filter({ hasText: 'Too many failed attempts' });
    await locked.waitFor();
    // The default lock is 10 minutes: the wait reads "9 min 59 s" or "10 min 0 s" or so.
    assert.match((await locked.textContent()) ?? '', /try again in (9|10) min/);
    assert.equal(await page.getByRole('button', { name: 'Sign in' }).isDisabled(), true);
    await dashboard.context.close();
  });

  it('forgot password, then the reset link: a new password signs in', async () => {
    const dashboard = await openDashboard(browser);
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgotten password' }).waitFor();
    await assertAccessible(page, 'forgot password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send instructions' }).click();
    await page.getByText('If the e-mail belongs to an account, the instructions are on their way.').waitFor();
    assert.equal(resetTokens.length, 1);
    await page.goto(`${server.url}/admin/reset-password?token=${encodeURIComponent(resetTokens[0] as string)}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await assertAccessible(page, 'reset password');
    assert.equal(await page.getByLabel('Code from the e-mail').inputValue(), resetTokens[0]);
    await page.getByLabel('New password', { exact: true }).fill('a new password here');
    await page.getByLabel('New password again').fill('a different one');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.getByText('The two passwords differ.').waitFor();
    await page.getByLabel('New password again').fill('a new password here');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Půjčovna Brno' }).waitFor();
    // The used token again: refused, in words.
    await page.evaluate(async () => {
      await fetch('/api/rents/logout', { method: 'POST' });
    });
    await page.goto(`${server.url}/admin/reset-password?token=${encodeURIComponent(resetTokens[0] as string)}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('New password again').fill('yet another password');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.getByText('The code is not valid or has been used.').waitFor();
    const login = await server.http.post('/api/rents/login', { email, password: 'a new password here' });
    assert.equal(login.status, 200);
    await dashboard.context.close();
    // Back to the password the other tests use.
    await server.http.patch(`/api/rents/${(login.body as { user: { id: string } }).user.id}`, { password, currentPassword: 'a new password here' }, (login.body as { token: string }).token);
  });

  it('signs out: the session ends, the cookie goes, and the screens ask to sign in again', async () => {
    const dashboard = await openDashboard(browser);
    const { page, context } = dashboard;
    await signIn(page, server.url, email, password);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have been signed out.').waitFor();
    assert.deepEqual(await context.cookies(), []);
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.match(page.url(), /next=%2Fadmin%2Fproducts/);
    assertNoProblems(dashboard, 'sign out');
    await context.close();
  });

  it('keeps unsaved edits when the session ends: a dialog signs in again, and the save goes through', async () => {
    const dashboard = await openDashboard(browser);
    const { page, context } = dashboard;
    await signIn(page, server.url, email, password);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/products/kept-edits', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ basic: { product_name: 'Sekačka' } }) });
      return res.status;
    });
    assert.equal(created, 201);
    await page.goto(`${server.url}/admin/products/kept-edits`);
    await page.getByLabel('Description').fill('Typed before the session ended.');
    // The session ends behind the page's back (it expired; the cookie is gone).
    await context.clearCookies();
    const refused = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.status() === 401);
    await page.getByRole('button', { name: 'Save' }).click();
    await refused;
    const dialog = page.getByRole('dialog', { name: 'Your session has ended. Please sign in again.' });
    await dialog.waitFor();
    assert.match(page.url(), /\/admin\/products\/kept-edits$/, 'the screen stays');
    assert.equal(await page.getByLabel('Description').inputValue(), 'Typed before the session ended.', 'the edit stays');
    await assertAccessible(page, 'session ended');
    assert.equal(await dialog.getByLabel('E-mail').inputValue(), email, 'the account is filled in');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const stored = await page.evaluate(async () => (await (await fetch('/api/products/kept-edits')).json()) as { basic: { product_desc?: string } });
    assert.equal(stored.basic.product_desc, 'Typed before the session ended.');
    // Another account signing in there does not inherit the screen: the dashboard starts afresh as it.
    await server.createAccount({ email: 'second@example.com', password, name: 'Druhá půjčovna' });
    await context.clearCookies();
    await page.getByLabel('Description').fill('Not to be saved by another account.');
    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('E-mail').fill('second@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Druhá půjčovna' }).waitFor();
    assert.match(page.url(), /\/admin$/);
    await context.close();
  });

  it('speaks Czech to a Czech browser, and switches language on request', async () => {
    const dashboard = await openDashboard(browser, { locale: 'cs-CZ' });
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/sign-in`);
    await page.getByRole('heading', { name: 'Přihlášení' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Heslo').fill(password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.getByRole('heading', { name: 'Vítejte, Půjčovna Brno' }).waitFor();
    await assertAccessible(page, 'overview in Czech');
    await page.getByLabel('Jazyk').selectOption('en');
    await page.getByRole('heading', { name: 'Welcome, Půjčovna Brno' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Půjčovna Brno' }).waitFor();
    await dashboard.context.close();
  });

  it('works at 390 px wide: the navigation folds behind a menu button', async () => {
    const dashboard = await openDashboard(browser, { viewport: PHONE });
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/sign-in`);
    await assertAccessible(page, 'sign-in on a phone');
    await signIn(page, server.url, email, password);
    await page.getByRole('heading', { name: 'Welcome, Půjčovna Brno' }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' });
    assert.equal(await products.isVisible(), false);
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await products.click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await assertAccessible(page, 'products on a phone');
    assertNoProblems(dashboard, 'phone');
    await dashboard.context.close();
  });
});

describe('dashboard: a session kept alive (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    // Tokens of 5 min 12 s: the dashboard renews 5 minutes before expiry, so about 12 s after signing in.
    server = await startServer('sqlite', (config) => {
      config.auth.tokenExpiration = 312;
    });
    await server.createAccount({ email: 'alive@example.com', password: 'correct horse battery' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('refreshes the token before it expires, and the renewed cookie authenticates', async () => {
    const dashboard = await openDashboard(browser);
    const { page, context } = dashboard;
    await signIn(page, server.url, 'alive@example.com', 'correct horse battery');
    const first = (await context.cookies())[0];
    assert.ok(first);
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/rents/refresh', { timeout: 40_000 });
    assert.equal((await refreshed).status(), 200);
    const renewed = (await context.cookies())[0];
    assert.ok(renewed && renewed.value !== first.value, 'a new token in the cookie');
    assert.ok(renewed.expires > first.expires);
    const me = await page.evaluate(async () => (await fetch('/api/rents/me')).json());
    assert.equal((me as { user: { email: string } | null }).user?.email, 'alive@example.com');
    assertNoProblems(dashboard, 'refresh');
    await context.close();
  });
});
