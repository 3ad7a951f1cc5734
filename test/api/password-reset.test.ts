import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { PayloadSDK } from '@payloadcms/sdk';
import { createRentalClient } from '../../src/client/index.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { logCapture } from '../helpers/log.js';

type Delivery = { user: { id: string; email: string; rentNameSystem: string; roles: string[] }; token: string; expiresAt: string };
type Session = { message: string; user: { id: string; email: string; rentNameSystem: string }; token: string; exp: number };

const NEW_PASSWORD = 'a new long password';

for (const dialect of dialects) {
  describe(`forgot-password and reset-password (${dialect})`, () => {
    let server: TestServer;
    const deliveries: Delivery[] = [];
    let failDelivery = false;
    const log = logCapture();

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.auth.maxLoginAttempts = 2;
        // These tests ask for several tokens for one account in a row; the interval has a test of its own.
        config.auth.forgotPasswordInterval = 0;
        config.hooks.rents.afterForgotPassword = (args) => {
          deliveries.push(args);
          if (failDelivery) throw new Error('the mail server is down');
        };
      }, { logStream: log.stream });
    });
    after(() => server.close());

    /** Asks for a reset and returns the token the hook was given (it is called before the answer). */
    async function tokenFor(email: string): Promise<string> {
      const before = deliveries.length;
      const res = await server.http.post('/api/rents/forgot-password', { email });
      assert.equal(res.status, 200, res.text);
      assert.equal(deliveries.length, before + 1, 'one delivery');
      return deliveries[deliveries.length - 1]!.token;
    }

    const reset = (token: unknown, password: unknown = NEW_PASSWORD) => server.http.post<Session>('/api/rents/reset-password', { token, password });
    const login = (email: string, password: string) => server.http.post<Session>('/api/rents/login', { email, password });

    it('hands a token to afterForgotPassword and answers exactly the same for an e-mail without an account', async () => {
      const owner = await server.signUp({ name: 'Půjčovna Reset' });
      const started = Date.now();
      const known = await server.http.post('/api/rents/forgot-password', { email: `  ${owner.email.toUpperCase()} ` });
      const delivery = deliveries.at(-1)!;
      assert.equal(known.status, 200, known.text);
      assert.deepEqual(known.body, { message: 'Success' });
      assert.deepEqual(delivery.user, { id: owner.id, email: owner.email, rentNameSystem: 'Půjčovna Reset', roles: [] });
      assert.match(delivery.token, /^[0-9a-f]{64}$/);
      const expiresIn = Date.parse(delivery.expiresAt) - started;
      assert.ok(expiresIn >= 3_600_000 - 1000 && expiresIn <= 3_600_000 + 5000, `an hour by default, was ${expiresIn} ms`);

      const count = deliveries.length;
      const unknown = await server.http.post('/api/rents/forgot-password', { email: 'nobody@example.com' });
      assert.equal(unknown.status, known.status);
      assert.equal(unknown.text, known.text);
      assert.equal(deliveries.length, count, 'nothing delivered for an unknown e-mail');

      if (dialect === 'sqlite') {
        const files = ['rental.db', 'rental.db-wal'].map((name) => `${server.dataDir}/${name}`).filter((file) => existsSync(file));
        for (const file of files) assert.ok(!readFileSync(file).includes(delivery.token), `the token itself is not stored in ${file}`);
      }
    });

    it('sets the new password once, signs in anew and ends every other session', async () => {
      const owner = await server.signUp();
      const token = await tokenFor(owner.email);
      const reused = await reset(token);
      assert.equal(reused.status, 200, reused.text);
      assert.deepEqual(Object.keys(reused.body).sort(), ['exp', 'message', 'token', 'user']);
      assert.equal(reused.body.user.id, owner.id);

      assert.equal((await server.http.post('/api/rents/refresh', undefined, owner.token)).status, 401, 'the session from before the reset is over');
      const me = await server.http.get<{ user: { id: string } | null }>('/api/rents/me', reused.body.token);
      assert.equal(me.body.user?.id, owner.id, 'the token of the reset works');
      assert.equal((await login(owner.email, owner.password)).status, 401, 'the old password no longer works');
      assert.equal((await login(owner.email, NEW_PASSWORD)).status, 200);

      const again = await reset(token, 'yet another password');
      assert.equal(again.status, 403);
      assert.deepEqual(errorFields(again.body), ['token']);
      assert.equal((await login(owner.email, NEW_PASSWORD)).status, 200, 'a spent token changed nothing');
    });

    it('of concurrent resets with one token exactly one succeeds', async () => {
      const owner = await server.signUp();
      const token = await tokenFor(owner.email);
      const statuses = (await Promise.all(Array.from({ length: 5 }, (_, i) => reset(token, `${NEW_PASSWORD} ${i}`)))).map((res) => res.status);
      assert.deepEqual(statuses.filter((status) => status === 200).length, 1, String(statuses));
      assert.ok(statuses.every((status) => status === 200 || status === 403), String(statuses));
    });

    it('lifts a login lockout', async () => {
      const owner = await server.signUp();
      for (let i = 0; i < 2; i++) assert.equal((await login(owner.email, 'wrong wrong')).status, 401);
      assert.equal((await login(owner.email, owner.password)).status, 429);
      assert.equal((await reset(await tokenFor(owner.email))).status, 200);
      assert.equal((await login(owner.email, NEW_PASSWORD)).status, 200);
    });

    it('a newer request replaces the older token; a change of password or login e-mail voids a pending one', async () => {
      const owner = await server.signUp();
      const older = await tokenFor(owner.email);
      const newer = await tokenFor(owner.email);
      assert.equal((await reset(older)).status, 403);

      const changed = await server.http.patch(`/api/rents/${owner.id}`, { password: 'changed by hand', currentPassword: owner.password }, owner.token);
      assert.equal(changed.status, 200, changed.text);
      assert.equal((await reset(newer)).status, 403, 'voided by the password change');

      const beforeEmailChange = await tokenFor(owner.email);
      const moved = await server.http.patch(`/api/rents/${owner.id}`, { email: `moved-${owner.email}`, currentPassword: 'changed by hand' }, owner.token);
      assert.equal(moved.status, 200, moved.text);
      assert.equal((await reset(beforeEmailChange)).status, 403, 'voided by the e-mail change');
      assert.equal((await login(`moved-${owner.email}`, 'changed by hand')).status, 200);
    });

    it('bad bodies are a 400 naming each field, and spend no token', async () => {
      const owner = await server.signUp();
      const token = await tokenFor(owner.email);
      const cases: [string, unknown, string[]][] = [
        ['/api/rents/forgot-password', {}, ['email']],
        ['/api/rents/forgot-password', { email: 5, expiration: 1 }, ['email', 'expiration']],
        ['/api/rents/reset-password', {}, ['password', 'token']],
        ['/api/rents/reset-password', { token, password: 'short' }, ['password']],
        ['/api/rents/reset-password', { token: '', password: NEW_PASSWORD, user: 'x' }, ['token', 'user']],
      ];
      for (const [path, body, fields] of cases) {
        const res = await server.http.post(path, body);
        assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}: ${res.text}`);
        assert.deepEqual(errorFields(res.body).sort(), fields);
      }
      for (const path of ['/api/rents/forgot-password', '/api/rents/reset-password']) {
        assert.equal((await server.http.post(path)).status, 400, `${path} without a body`);
        assert.equal((await server.http.post(path, ['a'])).status, 400, `${path} with an array`);
      }
      assert.equal((await reset(token)).status, 200, 'the token still works after the bad requests');
    });

    it('a token of a deleted account is a 403; an expired one too', async () => {
      const admin = await server.signUp({ admin: true });
      const gone = await server.signUp();
      const token = await tokenFor(gone.email);
      assert.equal((await server.http.delete(`/api/rents/${gone.id}`, admin.token)).status, 200);
      assert.equal((await reset(token)).status, 403);

      const short = await startServer(dialect, (config) => {
        config.auth.forgotPasswordExpiration = 200;
        config.hooks.rents.afterForgotPassword = (args) => void deliveries.push(args);
      });
      try {
        const owner = await short.signUp();
        await short.http.post('/api/rents/forgot-password', { email: owner.email });
        const expiring = deliveries.at(-1)!.token;
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal((await short.http.post('/api/rents/reset-password', { token: expiring, password: NEW_PASSWORD })).status, 403);
        assert.equal((await short.http.post('/api/rents/login', { email: owner.email, password: owner.password })).status, 200, 'the password is unchanged');
      } finally {
        await short.close();
      }
    });

    it('issues at most one token per account per forgotPasswordInterval, however the requests come, answering the same', async () => {
      const paced = await startServer(dialect, (config) => {
        config.auth.forgotPasswordInterval = 2_000;
        config.hooks.rents.afterForgotPassword = (args) => void deliveries.push(args);
      });
      try {
        const [owner, other] = [await paced.signUp(), await paced.signUp()];
        const forgot = (email: string) => paced.http.post('/api/rents/forgot-password', { email });
        const count = deliveries.length;
        const first = await forgot(owner.email);
        const issued = deliveries.at(-1)!.token;
        const repeated = await Promise.all(Array.from({ length: 5 }, () => forgot(owner.email.toUpperCase())));
        for (const res of repeated) assert.equal(res.text, first.text, 'the same answer whether or not a token was issued');
        assert.equal(deliveries.length, count + 1, 'one token for the six requests');
        await forgot(other.email);
        assert.equal(deliveries.length, count + 2, 'other accounts are not held up');

        await new Promise((resolve) => setTimeout(resolve, 2_100));
        await forgot(owner.email);
        assert.equal(deliveries.length, count + 3, 'a new token once the interval has passed');
        const reset = (token: string) => paced.http.post('/api/rents/reset-password', { token, password: NEW_PASSWORD });
        assert.equal((await reset(issued)).status, 403, 'the new token replaced the first');
        assert.equal((await reset(deliveries.at(-1)!.token)).status, 200);
      } finally {
        await paced.close();
      }
    });

    it('a delivery that fails is logged without the token, and the answer is the same', async () => {
      const owner = await server.signUp();
      failDelivery = true;
      try {
        const res = await server.http.post('/api/rents/forgot-password', { email: owner.email });
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { message: 'Success' });
      } finally {
        failDelivery = false;
      }
      const { token } = deliveries.at(-1)!;
      await new Promise((resolve) => setImmediate(resolve));
      assert.match(log.text(), /afterForgotPassword failed/);
      assert.match(log.text(), /the mail server is down/);
      assert.ok(!log.text().includes(token), 'the token is not logged');
    });

    it("the unchanged Payload SDK's forgotPassword and resetPassword", async () => {
      const owner = await server.signUp();
      const sdk = new PayloadSDK({ baseURL: `${server.url}/api` });
      const count = deliveries.length;
      assert.deepEqual(await sdk.forgotPassword({ collection: 'rents', data: { email: owner.email } }), { message: 'Success' });
      assert.equal(deliveries.length, count + 1);
      const result = await sdk.resetPassword({ collection: 'rents', data: { token: deliveries.at(-1)!.token, password: NEW_PASSWORD } });
      assert.equal(result.user.id, owner.id);
      assert.equal(typeof result.token, 'string');
    });

    it("the typed client's forgotPassword and resetPassword, which keeps the new session", async () => {
      const owner = await server.signUp();
      const client = createRentalClient({ baseUrl: server.url });
      assert.deepEqual(await client.forgotPassword(owner.email), { message: 'Success' });
      await client.resetPassword(deliveries.at(-1)!.token, NEW_PASSWORD);
      assert.equal((await client.me()).user?.id, owner.id);
    });
  });

  describe(`forgot-password without a delivery hook (${dialect})`, () => {
    let server: TestServer;
    const log = logCapture();
    before(async () => {
      server = await startServer(dialect, () => {}, { logStream: log.stream });
    });
    after(() => server.close());

    it('answers as always and warns that no token was issued', async () => {
      const owner = await server.signUp();
      const res = await server.http.post('/api/rents/forgot-password', { email: owner.email });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { message: 'Success' });
      assert.match(log.text(), /no hooks\.rents\.afterForgotPassword is configured/);
      assert.equal((await server.http.post('/api/rents/reset-password', { token: 'a'.repeat(64), password: NEW_PASSWORD })).status, 403);
    });
  });
}
