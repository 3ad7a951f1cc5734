import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { dayFromNow } from '../helpers/bookings.js';

type Quote = { units: number; time_unit: string; unitPrice: number; price: number };

describe('time units the configuration adds (SPEC 2, 8)', () => {
  let server: TestServer;
  let owner: { id: string; token: string };

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.products.timeUnits = ['hour', 'day', 'night', { name: 'fortnight', length: 'P14D' }];
    });
    owner = await server.signUp();
  });
  after(() => server.close());

  const quoteOf = async (id: string, unit: string, from: string, to: string) => {
    const created = await server.http.post(`/api/products/${id}`, { basic: { product_name: id }, additional: { price: 100, time_unit: unit }, settings: { published: true } }, owner.token);
    assert.equal(created.status, 201, created.text);
    const res = await server.http.get<Quote>(`/api/products/${id}/quote?from=${from}&to=${to}`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  };

  it('counts a unit given with its length in that length, and names it', async () => {
    const quote = await quoteOf('by-fortnight', 'fortnight', dayFromNow(30), dayFromNow(49));
    assert.deepEqual({ units: quote.units, time_unit: quote.time_unit, price: quote.price }, { units: 2, time_unit: 'fortnight', price: 200 }, '20 days are two fortnights, rounded up');
  });

  it('counts a unit added by name alone as a day, keeping its name', async () => {
    const quote = await quoteOf('by-night', 'night', dayFromNow(30), dayFromNow(32));
    assert.deepEqual({ units: quote.units, time_unit: quote.time_unit, price: quote.price }, { units: 3, time_unit: 'night', price: 300 });
  });

  it('refuses a unit list it cannot count, naming the key', () => {
    const refused: [unknown, RegExp][] = [
      [[{ name: 'fortnight' }], /`products\.timeUnits\.0\.length` is required/],
      [[{ name: 'x', length: 'soon' }], /`products\.timeUnits\.0\.length` must be an ISO 8601 duration/],
      [[{ name: 'x', length: 'PT0S' }], /`products\.timeUnits\.0\.length`/],
      [['day', { name: 'day', length: 'P1D' }], /`products\.timeUnits\.1` names the unit `day` a second time/],
      [[{ name: '', length: 'P1D' }], /`products\.timeUnits\.0\.name` must be a non-empty string/],
      [[{ name: 'x', length: 'P1D', colour: 'red' }], /`products\.timeUnits\.0\.colour` is not a configuration key/],
      [[], /`products\.timeUnits` must be a non-empty list/],
    ];
    for (const [timeUnits, message] of refused) assert.throws(() => resolveConfig({ products: { timeUnits } }), message, JSON.stringify(timeUnits));
  });
});
