import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT, decodeJwt } from 'jose';
import { TEST_SECRET, dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { logCapture } from '../helpers/log.js';
import { passwordChecks } from '../../src/auth/passwords.js';

type Login = { message: string; user: { id: string; email: string; rentNameSystem: string }; token: string; exp: number };

const PASSWORD = 'correct horse battery';

for (const dialect of dialects) {
  describe(`sessions (${dialect})`, () => {
    let server: TestServer;
    const log = logCapture();
    let accountId: string;
    const email = 'Owner@Example.com';

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.auth.maxLoginAttempts = 3;
        config.auth.lockTime = 1500;
      }, { logStream: log.stream });
      accountId = await server.createAccount({ email, password: PASSWORD, name: 'Půjčovna Brno' });
    });
    after(() => server.close());

    const login = (body: unknown) => server.http.post<Login>('/api/rents/login', body);

    it('logs in with exactly the contract body; e-mails are case-insensitive', async () => {
      const res = await login({ email: '  owner@EXAMPLE.com ', password: PASSWORD });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.body).sort(), ['exp', 'message', 'token', 'user']);
      assert.deepEqual(res.body.user, { id: accountId, email: 'owner@example.com', rentNameSystem: 'Půjčovna Brno' });
      const now = Math.floor(Date.now() / 1000);
      assert.ok(Math.abs(res.body.exp - (now + 7200)) < 5, 'two hours by default');
      const claims = decodeJwt(res.body.token);
      assert.equal(claims.sub, accountId);
      assert.equal(typeof claims.sid, 'string');
      assert.equal(claims.exp, res.body.exp);
    });

    it('names missing or non-string fields with 400', async () => {
      const missing = await login({});
      assert.equal(missing.status, 400);
      assert.deepEqual(new Set(errorFields(missing.body)), new Set(['email', 'password']));
      const empty = await server.http.post('/api/rents/login');
      assert.equal(empty.status, 400);
      assert.deepEqual(new Set(errorFields(empty.body)), new Set(['email', 'password']));
      const wrongType = await login({ email: 'a@b.cz', password: 12345678 });
      assert.equal(wrongType.status, 400);
      assert.deepEqual(errorFields(wrongType.body), ['password']);
    });

    it('one 401 message for a wrong password and an unknown e-mail', async () => {
      const other = await server.createAccount({ email: 'other@example.com' });
      const wrong = await login({ email: 'other@example.com', password: 'wrong password' });
      const unknown = await login({ email: 'nobody@example.com', password: 'wrong password' });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.deepEqual(wrong.body, unknown.body);
      assert.ok(other);
    });

    it('unknown e-mails cost as much as known ones: both run one argon2id verification', async () => {
      await server.createAccount({ email: 'timing@example.com' });
      const checksFor = async (address: string) => {
        const before = passwordChecks();
        assert.equal((await login({ email: address, password: 'not the password' })).status, 401);
        return passwordChecks() - before;
      };
      assert.equal(await checksFor('timing@example.com'), 1);
      assert.equal(await checksFor('ghost@example.com'), 1, 'an unknown e-mail verifies against a dummy hash of the same cost');
    });

    it('me, refresh (and refresh-token), logout with their bodies; Bearer and JWT schemes', async () => {
      const { token } = (await login({ email, password: PASSWORD })).body;
      const me = await server.http.get<Record<string, unknown>>('/api/rents/me', token);
      assert.equal(me.status, 200);
      assert.deepEqual(me.body.user, { id: accountId, email: 'owner@example.com', rentNameSystem: 'Půjčovna Brno' });
      assert.equal(me.body.collection, 'rents');
      assert.equal(typeof me.body.exp, 'number');
      const viaJwt = await server.http.get<Record<string, unknown>>('/api/rents/me', undefined, { authorization: `JWT ${token}` });
      assert.deepEqual(viaJwt.body.user, me.body.user);

      const anonymous = await server.http.get('/api/rents/me');
      assert.equal(anonymous.status, 200);
      assert.deepEqual(anonymous.body, { user: null });

      for (const path of ['/api/rents/refresh', '/api/rents/refresh-token']) {
        const refreshed = await server.http.post<Record<string, any>>(path, undefined, token);
        assert.equal(refreshed.status, 200, refreshed.text);
        assert.equal(typeof refreshed.body.message, 'string');
        assert.equal(typeof refreshed.body.token, 'string');
        assert.equal(refreshed.body.refreshedToken, refreshed.body.token);
        assert.equal(typeof refreshed.body.exp, 'number');
        assert.deepEqual(refreshed.body.user, { id: accountId, email: 'owner@example.com' });
        assert.equal((await server.http.get<Record<string, unknown>>('/api/rents/me', refreshed.body.token)).body.collection, 'rents');
      }

      const out = await server.http.post<{ message: string }>('/api/rents/logout', undefined, token);
      assert.equal(out.status, 200);
      assert.deepEqual(Object.keys(out.body), ['message']);
      assert.deepEqual((await server.http.get('/api/rents/me', token)).body, { user: null }, 'the token is dead at once');
      assert.equal((await server.http.post('/api/rents/refresh', undefined, token)).status, 401);
      assert.equal((await server.http.post('/api/rents/logout', undefined, token)).status, 401);
      assert.equal((await server.http.post('/api/rents/refresh')).status, 401);
    });

    it('logout kills every token of the session, refreshed ones included', async () => {
      const { token } = (await login({ email, password: PASSWORD })).body;
      const refreshed = (await server.http.post<{ token: string }>('/api/rents/refresh', undefined, token)).body.token;
      const otherSession = (await login({ email, password: PASSWORD })).body.token;
      await server.http.post('/api/rents/logout', undefined, refreshed);
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'X' } }, token)).status, 401);
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'X' } }, refreshed)).status, 401);
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'X' } }, otherSession)).status, 201, 'other sessions live on');
    });

    it('rejects tampered, expired, alg:none, wrong-key and malformed tokens with 401', async () => {
      const { token } = (await login({ email, password: PASSWORD })).body;
      const claims = decodeJwt(token);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      forged.sub = 'someone-else';
      const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      const expired = await new SignJWT({ sid: claims.sid, collection: 'rents' })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(accountId).setIssuer('rental-catalogue').setIssuedAt(1).setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(TEST_SECRET);
      const wrongKey = await new SignJWT({ sid: claims.sid, collection: 'rents' })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(accountId).setIssuer('rental-catalogue').setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-key-another-key-another-key-0000'));
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const hs512 = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS512' }).setSubject(accountId).setIssuer('rental-catalogue').setExpirationTime('1h').sign(TEST_SECRET);
      // The signature's last character with only its unused low bit changed: decoders read the same bytes.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(signature.slice(-1));
      const lastCharacter = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
      assert.deepEqual(Buffer.from(lastCharacter.split('.')[2] as string, 'base64url'), Buffer.from(signature, 'base64url'), 'the same signature bytes');
      for (const [name, bad] of Object.entries({ tampered, lastCharacter, expired, wrongKey, none, hs512, garbage: 'not-a-token', empty: '' })) {
        const create = await server.http.post('/api/products', { basic: { product_name: 'X' } }, undefined, { authorization: `Bearer ${bad}` });
        assert.equal(create.status, 401, name);
        errorFields(create.body);
        assert.equal((await server.http.post('/api/rents/refresh', undefined, undefined, { authorization: `Bearer ${bad}` })).status, 401, name);
        assert.deepEqual((await server.http.get('/api/rents/me', undefined, { authorization: `Bearer ${bad}` })).body, { user: null }, name);
        // Public reads too: the holder expects to be someone (SPEC 4: such a token is a 401).
        if (bad !== '') {
          const read = await server.http.get('/api/products', undefined, { authorization: `Bearer ${bad}` });
          assert.equal(read.status, 401, name);
          errorFields(read.body);
        }
      }
      assert.equal((await server.http.get('/api/products')).status, 200, 'without a token: the public view');
      const again = await server.http.post<Login>('/api/rents/login', { email, password: PASSWORD }, undefined, { authorization: `Bearer ${expired}` });
      assert.equal(again.status, 200, 'signing in works whatever stale token the client still sends');
      assert.equal((await server.http.post('/api/products', { basic: { product_name: 'X' } }, undefined, { authorization: `Basic ${token}` })).status, 401);
    });

    it('locks an account after repeated failures: 429 with Retry-After, even with the right password', async () => {
      const lockedEmail = 'locked@example.com';
      await server.createAccount({ email: lockedEmail, password: PASSWORD });
      for (let i = 0; i < 3; i++) assert.equal((await login({ email: lockedEmail, password: 'wrong wrong' })).status, 401);
      const locked = await login({ email: lockedEmail, password: PASSWORD });
      assert.equal(locked.status, 429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 2, String(retryAfter));
      errorFields(locked.body);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      assert.equal((await login({ email: lockedEmail, password: PASSWORD })).status, 200, 'unlocked after lockTime');
      for (let i = 0; i < 2; i++) assert.equal((await login({ email: lockedEmail, password: 'wrong wrong' })).status, 401);
      assert.equal((await login({ email: lockedEmail, password: PASSWORD })).status, 200, 'a success resets the count');
      assert.equal((await login({ email: lockedEmail, password: 'wrong wrong' })).status, 401);
    });

    it('POST /api/rents/unlock: an admin lifts a lockout before its time; the answer never says whether the e-mail exists', async () => {
      const locking = await startServer(dialect, (config) => {
        config.auth.maxLoginAttempts = 2;
      });
      try {
        const admin = await locking.signUp({ admin: true });
        const owner = await locking.signUp();
        const lockedEmail = 'zamceny@example.com';
        await locking.createAccount({ email: lockedEmail, password: PASSWORD });
        const attempt = (password: string) => locking.http.post('/api/rents/login', { email: lockedEmail, password });
        for (let i = 0; i < 2; i++) assert.equal((await attempt('wrong wrong')).status, 401);
        assert.equal((await attempt(PASSWORD)).status, 429, 'locked for the default 10 minutes');

        assert.equal((await locking.http.post('/api/rents/unlock', { email: lockedEmail })).status, 401);
        assert.equal((await locking.http.post('/api/rents/unlock', { email: lockedEmail }, owner.token)).status, 403);
        const missing = await locking.http.post<{ errors: { field?: string }[] }>('/api/rents/unlock', { mail: lockedEmail }, admin.token);
        assert.equal(missing.status, 400);
        assert.deepEqual(new Set(errorFields(missing.body)), new Set(['email', 'mail']));
        assert.equal((await attempt(PASSWORD)).status, 429, 'refused unlocks changed nothing');

        const unknown = await locking.http.post<{ message: string }>('/api/rents/unlock', { email: 'nikdo@example.com' }, admin.token);
        const unlocked = await locking.http.post<{ message: string }>('/api/rents/unlock', { email: ' Zamceny@Example.com' }, admin.token);
        assert.equal(unlocked.status, 200, unlocked.text);
        assert.deepEqual(unlocked.body, { message: 'Success' });
        assert.equal(unknown.status, 200);
        assert.equal(unknown.text, unlocked.text);

        // The failure count starts again from zero: one more failure does not lock it.
        assert.equal((await attempt('wrong wrong')).status, 401);
        assert.equal((await attempt(PASSWORD)).status, 200);
      } finally {
        await locking.close();
      }
    });

    it('never logs tokens, passwords or the secret', async () => {
      const { token } = (await login({ email, password: PASSWORD })).body;
      await server.http.get('/api/rents/me', token);
      await server.http.post('/api/products/log-check', { basic: { product_name: 'explode' } }, token);
      const logs = log.text();
      assert.ok(logs.length > 0, 'the server did log');
      assert.ok(!logs.includes(token), 'token in logs');
      assert.ok(!logs.includes(PASSWORD), 'password in logs');
      assert.ok(!logs.includes(new TextDecoder().decode(TEST_SECRET)), 'secret in logs');
      assert.ok(!logs.includes('$argon2id$'), 'hash in logs');
    });
  });
}
