import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RentalApiError, createRentalClient } from '../src/client/index.js';
import { startServer, type TestServer } from './helpers/server.js';
import { CUSTOMER, dayFromNow } from './helpers/bookings.js';

describe('typed client: quotes, calendars and bookings', () => {
  let server: TestServer;
  const email = 'client-bookings@example.com';
  const password = 'correct horse battery';

  before(async () => {
    server = await startServer('sqlite');
    await server.createAccount({ email, password });
  });
  after(() => server.close());

  it('a customer quotes, checks the calendar and asks; the owner confirms; the customer cancels with the token', async () => {
    const owner = createRentalClient({ baseUrl: server.url });
    await owner.login(email, password);
    await owner.createProduct({ basic: { product_name: 'Stan' }, additional: { price: 250, time_unit: 'day', min_duration: 'P2D', price_tiers: [{ min_units: 3, price: 200 }] }, settings: { published: true } }, 'tent');

    const customer = createRentalClient({ baseUrl: server.url });
    const quote = await customer.quote('tent', dayFromNow(10), dayFromNow(12));
    assert.deepEqual([quote.units, quote.unitPrice, quote.price, quote.available], [3, 200, 600, true]);
    const short = await customer.quote('tent', dayFromNow(10), dayFromNow(10));
    assert.deepEqual(short.violations.map((v) => v.field), ['to']);
    const { doc, token } = await customer.requestBooking({ product: 'tent', from: dayFromNow(10), to: dayFromNow(12), customer: CUSTOMER });
    assert.equal(doc.status, 'requested');
    assert.equal((await customer.getBooking(doc.id, { token, depth: 0 })).product, 'tent');
    await assert.rejects(customer.getBooking(doc.id), (error: unknown) => error instanceof RentalApiError && error.status === 404);

    assert.equal((await owner.countBookings({ status: { equals: 'requested' } })).totalDocs, 1);
    assert.equal((await owner.listBookings({ where: { product: { equals: 'tent' } }, depth: 0 })).docs[0]?.id, doc.id);
    const confirmed = await owner.confirmBooking(doc.id);
    assert.equal(confirmed.status, 'confirmed');
    const calendar = await customer.availability('tent', { from: dayFromNow(9), to: dayFromNow(13) });
    assert.deepEqual(calendar.days.map((day) => day.status), ['free', 'busy', 'busy', 'busy', 'free']);
    const cancelled = await customer.cancelBooking(doc.id, { token, reason: 'Rain' });
    assert.equal(cancelled.status, 'cancelled');
    const again = await customer.requestBooking({ product: 'tent', from: dayFromNow(20), to: dayFromNow(21), customer: CUSTOMER });
    assert.equal((await owner.declineBooking(again.doc.id, 'Booked by phone')).status, 'declined');
  });
});
