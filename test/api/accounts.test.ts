import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Profile = { id: string; rentNameSystem: string; basic: Record<string, string>; terms: { termsArray: { id: string; [k: string]: unknown }[] }; invoices?: unknown };

for (const dialect of dialects) {
  describe(`rents accounts (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string; email: string; password: string };
    let other: { id: string; token: string; email: string };
    let admin: { id: string; token: string };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ terms: [{ id: 'daily', title: 'Daily' }, { id: 'weekly', title: 'Weekly' }] });
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
    });
    after(() => server.close());

    it('GET /api/rents/:id is the public profile, with no login data', async () => {
      const res = await server.http.get<Profile>(`/api/rents/${owner.id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['basic', 'id', 'rentNameSystem', 'terms']);
      assert.equal(res.body.basic.rentalContactPerson, 'Jana Nováková');
      assert.deepEqual(res.body.terms.termsArray.map((t) => t.id), ['daily', 'weekly']);
      assert.equal((await server.http.get('/api/rents/nobody')).status, 404);
    });

    it('admins create accounts with POST /api/rents; others cannot', async () => {
      const body = { email: 'New@Example.com', password: 'long enough pw', rentNameSystem: 'Nová půjčovna', terms: { termsArray: [{ name: 'Basic' }] }, invoices: { iban: 'CZ00' } };
      assert.equal((await server.http.post('/api/rents', body)).status, 401);
      assert.equal((await server.http.post('/api/rents', body, owner.token)).status, 403);
      const res = await server.http.post<{ doc: Profile; message: string }>('/api/rents', body, admin.token);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.doc.rentNameSystem, 'Nová půjčovna');
      assert.match(res.body.doc.terms.termsArray[0]?.id ?? '', /^[0-9a-f]{24}$/);
      assert.deepEqual(res.body.doc.invoices, { iban: 'CZ00' });
      assert.ok(!res.text.includes('new@example.com') && !res.text.includes('argon2'));
      const login = await server.http.post('/api/rents/login', { email: 'new@example.com', password: 'long enough pw' });
      assert.equal(login.status, 200);
      const duplicate = await server.http.post('/api/rents', { ...body, email: 'NEW@example.com' }, admin.token);
      assert.equal(duplicate.status, 409);
      assert.deepEqual(errorFields(duplicate.body), ['email']);
      const bad = await server.http.post('/api/rents', { email: 'not-an-email', password: 'short', rentNameSystem: '', extra: 1 }, admin.token);
      assert.equal(bad.status, 400);
      assert.deepEqual(new Set(errorFields(bad.body)), new Set(['email', 'password', 'rentNameSystem', 'extra']));
    });

    it('PATCH /api/rents/:id: self or admin; terms get ids', async () => {
      assert.equal((await server.http.patch(`/api/rents/${owner.id}`, { rentNameSystem: 'X' })).status, 401);
      assert.equal((await server.http.patch(`/api/rents/${owner.id}`, { rentNameSystem: 'X' }, other.token)).status, 403);
      const res = await server.http.patch<{ doc: Profile }>(`/api/rents/${owner.id}`, {
        rentNameSystem: 'Půjčovna Brno',
        basic: { rentalPhone: '+420 111' },
        terms: { termsArray: [{ id: 'daily', title: 'Daily' }, { id: 'weekly', title: 'Weekly' }, { title: 'Monthly' }] },
      }, owner.token);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.doc.rentNameSystem, 'Půjčovna Brno');
      assert.equal(res.body.doc.basic.rentalPhone, '+420 111');
      assert.equal(res.body.doc.basic.rentalContactPerson, 'Jana Nováková', 'objects merge');
      assert.equal(res.body.doc.terms.termsArray.length, 3);
      assert.match(res.body.doc.terms.termsArray[2]?.id ?? '', /^[0-9a-f]{24}$/);
      const byAdmin = await server.http.patch(`/api/rents/${owner.id}`, { invoices: { vat: 'CZ123' } }, admin.token);
      assert.equal(byAdmin.status, 200);
      const roles = await server.http.patch(`/api/rents/${owner.id}`, { roles: ['admin'] }, owner.token);
      assert.equal(roles.status, 403, 'only admins give roles');
      // What a client read, sent back with a change: the server's own fields (id, createdAt, updatedAt) are ignored, not unknown.
      const read = await server.http.get<Record<string, unknown>>(`/api/rents/${owner.id}`, owner.token);
      const sentBack = await server.http.patch<{ doc: Profile }>(`/api/rents/${owner.id}`, { ...read.body, createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' }, owner.token);
      assert.equal(sentBack.status, 200, sentBack.text);
      assert.equal(sentBack.body.doc.rentNameSystem, 'Půjčovna Brno');
    });

    it('refuses to remove a term a product still selects (409 naming it)', async () => {
      const product = await server.http.post('/api/products/uses-weekly', { basic: { product_name: 'X' }, additional: { selectedTerm: 'weekly' } }, owner.token);
      assert.equal(product.status, 201, product.text);
      const res = await server.http.patch<{ errors: { message: string }[] }>(`/api/rents/${owner.id}`, { terms: { termsArray: [{ id: 'daily' }] } }, owner.token);
      assert.equal(res.status, 409);
      assert.match(res.body.errors[0]?.message ?? '', /weekly/);
      const profile = await server.http.get<Profile>(`/api/rents/${owner.id}`);
      assert.ok(profile.body.terms.termsArray.some((term) => term.id === 'weekly'), 'nothing changed');
      const productView = await server.http.get<Record<string, any>>('/api/products/uses-weekly', owner.token);
      assert.equal(productView.body.basic.rent_owner.rentNameSystem, 'Půjčovna Brno', 'products show the current profile');
    });

    it('changes the password only with the current one; other sessions end', async () => {
      const otherSession = (await server.http.post<{ token: string }>('/api/rents/login', { email: owner.email, password: owner.password })).body.token;
      assert.notEqual((await server.http.get<{ user: unknown }>('/api/rents/me', otherSession)).body.user, null, 'the other session is live (and looked up) before the change');
      const missing = await server.http.patch(`/api/rents/${owner.id}`, { password: 'a new password' }, owner.token);
      assert.equal(missing.status, 400);
      assert.deepEqual(errorFields(missing.body), ['currentPassword']);
      const wrong = await server.http.patch(`/api/rents/${owner.id}`, { password: 'a new password', currentPassword: 'nope nope' }, owner.token);
      assert.equal(wrong.status, 400);
      const short = await server.http.patch(`/api/rents/${owner.id}`, { password: 'short', currentPassword: owner.password }, owner.token);
      assert.equal(short.status, 400);
      assert.deepEqual(errorFields(short.body), ['password']);
      const ok = await server.http.patch(`/api/rents/${owner.id}`, { password: 'a new password', currentPassword: owner.password }, owner.token);
      assert.equal(ok.status, 200, ok.text);
      assert.equal((await server.http.post('/api/rents/login', { email: owner.email, password: owner.password })).status, 401);
      assert.equal((await server.http.post('/api/rents/login', { email: owner.email, password: 'a new password' })).status, 200);
      assert.deepEqual((await server.http.get('/api/rents/me', otherSession)).body, { user: null }, 'other sessions end');
      assert.equal((await server.http.get<{ user: unknown }>('/api/rents/me', owner.token)).body.user !== null, true, 'the changing session lives on');
    });

    it('never shows login e-mails or password hashes outside the session endpoints', async () => {
      const responses = [
        await server.http.get('/api/products?limit=100', owner.token),
        await server.http.get('/api/products/uses-weekly', owner.token),
        await server.http.get(`/api/rents/${owner.id}`),
        await server.http.patch(`/api/rents/${owner.id}`, { basic: { rentalName: 'Shown' } }, owner.token),
        await server.http.patch('/api/products/uses-weekly', { basic: { location: 'Brno' } }, owner.token),
      ];
      for (const res of responses) {
        assert.equal(res.status, 200, res.text);
        assert.ok(!res.text.includes(owner.email), res.text);
        assert.ok(!res.text.includes('$argon2'), res.text);
        assert.ok(!/password|failed_logins|locked|session/i.test(res.text), res.text);
      }
    });
  });
}
