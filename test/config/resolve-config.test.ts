import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, resolveConfig } from '../../src/config/resolve-config.js';

describe('resolving the password reset settings', () => {
  it('defaults to an hour and no delivery hook', () => {
    const config = resolveConfig({});
    assert.equal(config.auth.forgotPasswordExpiration, 3_600_000);
    assert.equal(config.auth.forgotPasswordInterval, 60_000);
    assert.equal(config.hooks.rents.afterForgotPassword, undefined);
    assert.equal(config.auth.maxLoginAttempts, 5, 'the other auth defaults stay beside it');
  });

  it('takes a lifetime and a hook or list of hooks', () => {
    const send = () => {};
    const config = resolveConfig({ auth: { forgotPasswordExpiration: 900_000 }, hooks: { rents: { afterForgotPassword: [send] } } });
    assert.equal(config.auth.forgotPasswordExpiration, 900_000);
    assert.deepEqual(config.hooks.rents.afterForgotPassword, [send]);
  });

  it('names the key of a bad value', () => {
    const cases: [unknown, RegExp][] = [
      [{ auth: { forgotPasswordExpiration: 0 } }, /`auth\.forgotPasswordExpiration` must be a whole number of milliseconds from 1/],
      [{ auth: { forgotPasswordExpiration: '1h' } }, /`auth\.forgotPasswordExpiration`/],
      [{ auth: { forgotPasswordInterval: -1 } }, /`auth\.forgotPasswordInterval` must be a whole number of milliseconds from 0/],
      [{ hooks: { rents: { afterForgotPassword: 'mail' } } }, /`hooks\.rents\.afterForgotPassword` must be a function/],
      [{ hooks: { rents: { afterForgotPassword: [() => {}, 5] } } }, /`hooks\.rents\.afterForgotPassword\.1` must be a function/],
    ];
    for (const [input, message] of cases) assert.throws(() => resolveConfig(input), (error: unknown) => error instanceof ConfigError && message.test(error.message));
  });
});

describe('resolving the calendars settings', () => {
  it('defaults to a 15-minute interval and public addresses only', () => {
    assert.deepEqual(resolveConfig({}).calendars, { syncInterval: 900_000, allowPrivateAddresses: false });
    assert.deepEqual(resolveConfig({ calendars: { syncInterval: 60_000 } }).calendars, { syncInterval: 60_000, allowPrivateAddresses: false });
    assert.equal(resolveConfig({ calendars: { allowPrivateAddresses: true } }).calendars.allowPrivateAddresses, true);
  });

  it('names the key of a bad value', () => {
    assert.throws(() => resolveConfig({ calendars: { syncInterval: 0.5 } }), /`calendars\.syncInterval` must be a whole number of milliseconds from 1/);
    assert.throws(() => resolveConfig({ calendars: { allowPrivateAddresses: 'yes' } }), /`calendars\.allowPrivateAddresses` must be true or false/);
    assert.throws(() => resolveConfig({ calendars: { interval: 5 } }), /`calendars\.interval` is not a configuration key/);
  });
});

describe('resolving access rules of actions', () => {
  it('takes a rule for a built-in action or a configured one', () => {
    const rule = () => true;
    const config = resolveConfig({ access: { products: { actions: { publish: rule, archive: rule } } }, actions: { archive: { handler: () => undefined } } });
    assert.equal(config.access.products.actions?.publish, rule);
    assert.equal(config.access.products.actions?.archive, rule);
  });

  it('refuses a rule for an action that does not exist, naming it (a typo would leave the action under the default rule)', () => {
    assert.throws(() => resolveConfig({ access: { products: { actions: { publsh: () => true } } } }), /`access\.products\.actions\.publsh` names no action: neither a built-in one \(publish, unpublish, duplicate, reserve, release\) nor one of `actions`/);
    assert.throws(() => resolveConfig({ access: { products: { actions: { archive: () => true } } } }), /`access\.products\.actions\.archive` names no action/);
    assert.throws(() => resolveConfig({ access: { products: { actions: { toString: () => true } } } }), /`access\.products\.actions\.toString` names no action/);
  });
});
