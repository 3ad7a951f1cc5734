import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Profile = { id: string; rentNameSystem: string; basic: Record<string, string>; terms: { termsArray: { id: string; title?: string; text?: string; code?: string }[] } };

describe('dashboard: the account, and accounts for admins (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;

  const profile = async () => (await server.http.get<Profile>(`/api/rents/${owner.id}`)).body;

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp({ name: 'Půjčovna Brno', terms: [{ id: 'daily', title: 'Denní', text: 'Do 24 hodin.', code: 'D1' }] });
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('edits the profile', async () => {
    await page.goto(`${server.url}/admin/account`);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await assertAccessible(page, 'account');
    assert.equal(await page.getByLabel('Business name').inputValue(), 'Půjčovna Brno');
    await page.getByLabel('Business name').fill('Půjčovna Brno-střed');
    await page.getByLabel('Phone').fill('+420 600 100 200');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    const stored = await profile();
    assert.equal(stored.rentNameSystem, 'Půjčovna Brno-střed');
    assert.equal(stored.basic.rentalPhone, '+420 600 100 200');
    await page.getByText('Signed in as Půjčovna Brno-střed').waitFor();
    await page.getByLabel('Business name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('#profile-rentNameSystem-error').waitFor();
  });

  it('adds, edits and removes terms, keeping their ids and other properties; a term in use is refused in words', async () => {
    await page.getByLabel('Title of term 1').fill('Denní pronájem');
    await page.getByRole('button', { name: 'Add a term' }).click();
    await page.getByLabel('Title of term 2').fill('Víkend');
    await page.getByLabel('Text of term 2').fill('Pátek až pondělí.');
    await page.getByRole('button', { name: 'Save terms' }).click();
    await page.getByRole('status').filter({ hasText: 'Terms saved.' }).waitFor();
    let terms = (await profile()).terms.termsArray;
    assert.equal(terms.length, 2);
    assert.deepEqual(terms[0], { id: 'daily', title: 'Denní pronájem', text: 'Do 24 hodin.', code: 'D1' });
    assert.equal(terms[1]?.title, 'Víkend');
    assert.match(terms[1]?.id ?? '', /^[A-Za-z0-9][A-Za-z0-9_-]*$/);

    const created = await server.http.post('/api/products', { basic: { product_name: 'Stan' }, additional: { selectedTerm: 'daily' } }, owner.token);
    assert.equal(created.status, 201);
    await page.getByRole('button', { name: 'Remove term 1' }).click();
    await page.getByRole('button', { name: 'Save terms' }).click();
    await page.getByRole('alert').filter({ hasText: /daily/ }).first().waitFor();
    terms = (await profile()).terms.termsArray;
    assert.equal(terms.length, 2, 'nothing removed');
    await assertAccessible(page, 'terms with an error');
  });

  it('edits the invoicing details as JSON: a key taken out is removed, anything but an object refused in words', async () => {
    await page.goto(`${server.url}/admin/account`);
    const field = page.getByLabel('Invoicing details (JSON)');
    await field.waitFor();
    await field.fill('{"iban": "CZ65 0800 0000 1920 0014 5399", "vat": "CZ12345678"}');
    await page.getByRole('button', { name: 'Save invoicing details' }).click();
    await page.getByRole('status').filter({ hasText: 'Invoicing details saved.' }).waitFor();
    const invoices = async () => ((await profile()) as Profile & { invoices?: Record<string, unknown> }).invoices;
    assert.deepEqual(await invoices(), { iban: 'CZ65 0800 0000 1920 0014 5399', vat: 'CZ12345678' });
    await field.fill('{"iban": "CZ65 0800 0000 1920 0014 5399"}');
    await page.getByRole('button', { name: 'Save invoicing details' }).click();
    await page.getByRole('status').filter({ hasText: 'Invoicing details saved.' }).waitFor();
    assert.deepEqual(await invoices(), { iban: 'CZ65 0800 0000 1920 0014 5399' }, 'the key taken out is gone');
    await field.fill('[1, 2]');
    await page.getByRole('button', { name: 'Save invoicing details' }).click();
    await page.locator('#invoices-error').filter({ hasText: 'Must be a JSON object' }).waitFor();
    assert.deepEqual(await invoices(), { iban: 'CZ65 0800 0000 1920 0014 5399' });
    // A key the API refuses inside the object is shown by the field, with its path; `__proto__` is sent, not lost.
    for (const key of ['constructor', '__proto__']) {
      await field.fill(`{"iban": "CZ65 0800 0000 1920 0014 5399", "${key}": {"a": 1}}`);
      await page.getByRole('button', { name: 'Save invoicing details' }).click();
      await page.locator('#invoices-error').filter({ hasText: `${key}:` }).waitFor();
      assert.equal(await page.getByRole('status').filter({ hasText: 'Invoicing details saved.' }).count(), 0, key);
    }
    assert.deepEqual(await invoices(), { iban: 'CZ65 0800 0000 1920 0014 5399' });
    assertNoProblems(dashboard, 'invoices');
  });

  it('changes the password: the current one is required and checked', async () => {
    await page.reload();
    await page.getByLabel('New password', { exact: true }).fill('an even better password');
    await page.getByLabel('New password again').fill('an even better password');
    await page.getByLabel('Current password').fill('not the current one');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('#security-currentPassword-error').waitFor();
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();
    assert.equal((await server.http.post('/api/rents/login', { email: owner.email, password: 'an even better password' })).status, 200);
  });

  it('an owner has no accounts screen', async () => {
    assert.equal(await page.getByRole('link', { name: 'Accounts' }).count(), 0);
    await page.goto(`${server.url}/admin/accounts`);
    await page.getByRole('alert').filter({ hasText: 'You are not allowed to do this.' }).waitFor();
    assertNoProblems(dashboard, 'owner');
  });

  it('an admin lists the accounts and creates one; the API\'s errors show by their fields', async () => {
    const admin = await server.signUp({ admin: true, name: 'Správce' });
    const adminDashboard = await openDashboard(browser, { viewport: PHONE });
    const adminPage = adminDashboard.page;
    try {
      await signIn(adminPage, server.url, admin.email, admin.password);
      await adminPage.getByRole('button', { name: 'Menu' }).click();
      await adminPage.getByRole('link', { name: 'Accounts' }).click();
      await adminPage.getByRole('heading', { name: 'Accounts' }).waitFor();
      await adminPage.getByRole('link', { name: 'Půjčovna Brno-střed' }).waitFor();
      await assertAccessible(adminPage, 'accounts on a phone');
      await adminPage.getByRole('link', { name: 'New account' }).click();
      await adminPage.getByRole('heading', { name: 'New account' }).waitFor();
      await assertAccessible(adminPage, 'new account');
      await adminPage.getByLabel('Sign-in e-mail').fill('not-an-email');
      await adminPage.getByLabel('Password').fill('short');
      await adminPage.getByRole('button', { name: 'Create account' }).click();
      await adminPage.locator('#account-email-error').waitFor();
      await adminPage.locator('#account-password-error').waitFor();
      await adminPage.locator('#account-rentNameSystem-error').waitFor();
      await adminPage.getByLabel('Sign-in e-mail').fill('nova@example.com');
      await adminPage.getByLabel('Password').fill('a long enough password');
      await adminPage.getByLabel('Business name').fill('Nová půjčovna');
      await adminPage.getByRole('button', { name: 'Create account' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'The account Nová půjčovna was created.' }).waitFor();
      assert.equal((await server.http.post('/api/rents/login', { email: 'nova@example.com', password: 'a long enough password' })).status, 200);
      await adminPage.getByRole('button', { name: 'Create account' }).waitFor();
      await adminPage.getByLabel('Sign-in e-mail').fill('nova@example.com');
      await adminPage.getByLabel('Password').fill('a long enough password');
      await adminPage.getByLabel('Business name').fill('Nová půjčovna 2');
      await adminPage.getByRole('button', { name: 'Create account' }).click();
      await adminPage.locator('#account-email-error').waitFor();
      assertNoProblems(adminDashboard, 'admin');
    } finally {
      await adminDashboard.context.close();
    }
  });

  it("an admin manages another account: its sign-in, role, lockout, and deletion (409 while it owns products)", async () => {
    const admin = await server.signUp({ admin: true, name: 'Správce 2' });
    const adminDashboard = await openDashboard(browser);
    const adminPage = adminDashboard.page;
    adminPage.on('dialog', (dialog) => void dialog.accept());
    try {
      await signIn(adminPage, server.url, admin.email, admin.password);
      await adminPage.goto(`${server.url}/admin/accounts?q=${encodeURIComponent('Nová půjčovna')}`);
      await adminPage.getByRole('link', { name: 'Nová půjčovna' }).click();
      await adminPage.getByRole('heading', { name: 'Nová půjčovna', level: 1 }).waitFor();
      await assertAccessible(adminPage, 'another account');

      await adminPage.getByLabel('New password', { exact: true }).fill('set by the administrator');
      await adminPage.getByLabel('New password again').fill('set by the administrator');
      await adminPage.getByRole('button', { name: 'Save sign-in' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'Sign-in changed.' }).waitFor();
      const login = await server.http.post<{ token: string; user: { id: string } }>('/api/rents/login', { email: 'nova@example.com', password: 'set by the administrator' });
      assert.equal(login.status, 200, 'the new password signs in; no current password was asked');

      await adminPage.getByRole('button', { name: 'Make administrator' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'Nová půjčovna is now an administrator.' }).waitFor();
      const me = await server.http.get<{ user: { roles: string[] } }>('/api/rents/me?roles=true', login.body.token);
      assert.deepEqual(me.body.user.roles, ['admin']);
      await adminPage.getByRole('button', { name: 'Remove administrator role' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'is no longer an administrator.' }).waitFor();

      await adminPage.getByLabel('Sign-in e-mail to unlock').fill('nova@example.com');
      await adminPage.getByRole('button', { name: 'Lift the lockout' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'Sign-in for nova@example.com is unlocked.' }).waitFor();

      const product = await server.http.post('/api/products/novy-stan', { basic: { product_name: 'Stan' } }, login.body.token);
      assert.equal(product.status, 201, product.text);
      await adminPage.getByRole('button', { name: 'Delete account' }).click();
      await adminPage.getByRole('alert').waitFor();
      assert.equal((await server.http.get(`/api/rents/${login.body.user.id}`)).status, 200, 'refused while it owns a product');
      assert.equal((await server.http.delete('/api/products/novy-stan', admin.token)).status, 200);
      await adminPage.getByRole('button', { name: 'Delete account' }).click();
      await adminPage.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      assert.equal((await server.http.get(`/api/rents/${login.body.user.id}`)).status, 404);
      assertNoProblems(adminDashboard, 'another account');
    } finally {
      await adminDashboard.context.close();
    }
  });
});
