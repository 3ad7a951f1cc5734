import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Doorkeeper } from '../../src/read-model/doorkeeper.js';

const keyOf = (index: number) => `1|p${index},p${index + 1},p${index + 2}`;

describe('the doorkeeper (keys seen lately)', () => {
  it('answers false on a first sighting and true on the next', () => {
    const keeper = new Doorkeeper();
    assert.equal(keeper.seen('1|a,b'), false);
    assert.equal(keeper.seen('1|a,b'), true);
    assert.equal(keeper.seen('1|a,b'), true);
    assert.equal(keeper.seen('2|a,b'), false);
  });

  it('takes few new keys for seen while it holds up to a tenth of its bits in keys', () => {
    const keeper = new Doorkeeper(1 << 16);
    const held = (1 << 16) / 10 - 1;
    let mistaken = 0;
    for (let index = 0; index < held; index++) if (keeper.seen(keyOf(index))) mistaken++;
    for (let index = 0; index < held; index++) assert.equal(keeper.seen(keyOf(index)), true);
    // New keys against a full filter: at most ~3 % each, by its design (two bits, a tenth set).
    let late = 0;
    for (let index = 0; index < 10_000; index++) if (keeper.seen(`other ${index}`)) late++;
    assert.ok(mistaken < held * 0.02, `${mistaken} of ${held} first sightings taken for seen`);
    assert.ok(late < 10_000 * 0.05, `${late} of 10,000 taken for seen`);
  });

  it('forgets once it has recorded a tenth as many keys as its bits', () => {
    const keeper = new Doorkeeper(1 << 10);
    assert.equal(keeper.seen('first'), false);
    for (let index = 0; index < 150; index++) keeper.seen(keyOf(index));
    assert.equal(keeper.seen('first'), false, 'forgotten');
  });

  it('takes a power of two bits', () => {
    assert.throws(() => new Doorkeeper(1000), /power of two/);
  });
});
