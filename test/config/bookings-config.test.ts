import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, resolveConfig } from '../../src/config/resolve-config.js';

describe('the bookings configuration (SPEC 8–11 keys)', () => {
  it('defaults: requests expire after 72 h, ten requests a minute per address, anyone requests', async () => {
    const config = resolveConfig({});
    assert.equal(config.bookings.requestExpiry, 259_200_000);
    assert.deepEqual(config.rateLimit && config.rateLimit.bookings, { max: 10, window: 60_000 });
    assert.equal(await config.access.bookings.create?.({ user: null }), true);
    assert.equal(await config.access.bookings.read?.({ user: null }), false);
    assert.deepEqual(await config.access.bookings.read?.({ user: { id: 'o1', email: 'o@x.cz', rentNameSystem: 'O', roles: [] } }), { owner: { equals: 'o1' } });
    assert.equal(await config.access.bookings.update?.({ user: { id: 'o1', email: 'o@x.cz', rentNameSystem: 'O', roles: [] }, doc: { owner: 'o2' } }), false);
    assert.equal(await config.access.bookings.update?.({ user: { id: 'a', email: 'a@x.cz', rentNameSystem: 'A', roles: ['admin'] }, doc: { owner: 'o2' } }), true);
    assert.deepEqual(config.hooks.bookings, {});
  });

  it('takes its keys additively: one member of a section keeps the others’ defaults', () => {
    const send = () => {};
    const config = resolveConfig({ bookings: { requestExpiry: 0 }, rateLimit: { bookings: { max: 3 } }, hooks: { bookings: { afterChange: send } }, access: { bookings: { create: () => false } } });
    assert.equal(config.bookings.requestExpiry, 0);
    assert.deepEqual(config.rateLimit && config.rateLimit.bookings, { max: 3, window: 60_000 });
    assert.deepEqual(config.rateLimit && config.rateLimit.login, { max: 20, window: 60_000 });
    assert.equal(config.hooks.bookings.afterChange, send);
    assert.equal(typeof config.access.bookings.read, 'function', 'read keeps its default');
  });

  it('turns one group’s own limit off with false, leaving the overall limit and the other group', () => {
    const config = resolveConfig({ rateLimit: { bookings: false } });
    assert.ok(config.rateLimit);
    assert.equal(config.rateLimit.bookings, false);
    assert.deepEqual(config.rateLimit.login, { max: 20, window: 60_000 });
    assert.equal(config.rateLimit.max, 1000);
    const noLogin = resolveConfig({ rateLimit: { login: false } });
    assert.equal(noLogin.rateLimit && noLogin.rateLimit.login, false);
    assert.throws(() => resolveConfig({ rateLimit: { bookings: true } }), /`rateLimit\.bookings` must be/);
  });

  it('names the key of a bad value', () => {
    const cases: [unknown, RegExp][] = [
      [{ bookings: { requestExpiry: -1 } }, /`bookings\.requestExpiry` must be a whole number of milliseconds from 0/],
      [{ bookings: { expiry: 5 } }, /`bookings\.expiry` is not a configuration key/],
      [{ rateLimit: { bookings: { max: 0 } } }, /`rateLimit\.bookings\.max`/],
      [{ access: { bookings: { delete: () => true } } }, /`access\.bookings\.delete` is not a configuration key/],
      [{ hooks: { bookings: { beforeChange: 'mail' } } }, /`hooks\.bookings\.beforeChange` must be a function/],
      [{ hooks: { bookings: { afterRead: () => {} } } }, /`hooks\.bookings\.afterRead` is not a configuration key/],
    ];
    for (const [input, message] of cases) assert.throws(() => resolveConfig(input), (error: unknown) => error instanceof ConfigError && message.test(error.message), String(message));
  });
});
