import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accessNow, evaluateAccess, type Grant } from '../../src/operations/access.js';
import { productFields } from '../../src/domain/product-fields.js';
import type { AccessFunction, Where } from '../../src/config/types.js';
import { APIError } from '../../src/errors/api-error.js';
import { matches } from '../../src/domain/where/matches.js';

const anonymous = { user: null };
const filterOf = (grant: Grant | Promise<Grant>): Grant => {
  assert.ok(!(grant instanceof Promise), 'a synchronous rule gives its grant at once');
  return grant;
};

describe('access grants', () => {
  it("an access rule's empty or grants nothing (fail closed), where a query's empty or is dropped", () => {
    const grant = filterOf(accessNow(() => ({ or: [] }), anonymous, productFields));
    assert.ok(grant.kind === 'filter');
    assert.equal(matches(grant.where, { published: 1, owner_id: 'x' }), false);
    const nested = filterOf(accessNow(() => ({ and: [{ 'settings.published': { equals: true } }, { or: [] }] }), anonymous, productFields));
    assert.ok(nested.kind === 'filter');
    assert.equal(matches(nested.where, { published: 1 }), false);
  });

  it('keeps the grant of a deeply frozen filter with the filter, and reads an unfrozen one on every call', () => {
    const frozen = Object.freeze({ 'settings.published': Object.freeze({ equals: true }) });
    const first = filterOf(accessNow(() => frozen, anonymous, productFields));
    const second = filterOf(accessNow(() => frozen, anonymous, productFields));
    assert.equal(first.kind, 'filter');
    assert.equal(second, first, 'the same frozen filter gives the same grant object');

    // A rule may reuse one object and change it between calls: each call must see what it says now.
    const shared: { 'basic.location'?: { equals: string } } = {};
    const rule: AccessFunction = () => {
      shared['basic.location'] = { equals: shared['basic.location']?.equals === 'Espoo' ? 'Turku' : 'Espoo' };
      return shared as Where;
    };
    const keys = [0, 1, 2].map(() => filterOf(accessNow(rule, anonymous, productFields)).key);
    assert.deepEqual(keys, ['{"basic.location":{"equals":"Espoo"}}', '{"basic.location":{"equals":"Turku"}}', '{"basic.location":{"equals":"Espoo"}}']);

    // Frozen at the top only: its inner object could still change, so it is not kept.
    const inner = { equals: 'Espoo' };
    const shallow = Object.freeze({ 'basic.location': inner });
    const before = filterOf(accessNow(() => shallow, anonymous, productFields));
    inner.equals = 'Turku';
    const after = filterOf(accessNow(() => shallow, anonymous, productFields));
    assert.equal(after.key, '{"basic.location":{"equals":"Turku"}}');
    assert.ok(before.kind === 'filter' && after.kind === 'filter');
    assert.notEqual(after.where, before.where);
  });

  it('waits for a rule that answers with a promise, calling it once, and refuses as the synchronous path does', async () => {
    let calls = 0;
    const rule: AccessFunction = async () => {
      calls++;
      return { 'settings.published': { equals: true } };
    };
    const pending = accessNow(rule, anonymous, productFields);
    assert.ok(pending instanceof Promise);
    assert.equal((await pending).kind, 'filter');
    assert.equal(calls, 1);
    assert.deepEqual(await evaluateAccess(() => true, anonymous, productFields), { kind: 'all', key: 'all' });
    assert.throws(() => accessNow(() => false, anonymous, productFields), (error: unknown) => error instanceof APIError && error.status === 401);
    await assert.rejects(Promise.resolve(accessNow(async () => false, { user: null }, productFields)), (error: unknown) => error instanceof APIError && error.status === 401);
  });
});
