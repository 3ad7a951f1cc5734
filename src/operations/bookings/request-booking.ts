import { unitLengths } from '../../domain/rental/units.js';
import type { BookingServices } from './booking-services.js';
import { newBookingToken, hashBookingToken } from '../../auth/booking-token.js';
import { BookingRequestSchema } from '../../domain/bookings/booking-schema.js';
import { bookingFields, type BookingDoc, type Customer } from '../../domain/bookings/booking-document.js';
import { generateId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { BOUNDARY_MESSAGE, parseBoundary, parseInterval, type Interval } from '../../domain/reservations.js';
import { productRules } from '../../domain/rental/rules.js';
import { OVERLAP_MESSAGE, overlapsReservations, priceOf, ruleViolations } from '../../domain/rental/quote.js';
import { compileSchema } from '../../domain/schema-validator.js';
import { matches } from '../../domain/where/matches.js';
import { APIError, ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import type { BookingsTable } from '../../storage/schema.js';
import { denied, evaluateAccess } from '../access.js';
import type { Caller } from '../context.js';
import { runHooks, transformThrough } from '../hooks.js';
import { readableProduct } from '../rental/readable-product.js';
import { reservationsOf } from '../../domain/rental/facts.js';
import { bookingDocOf, renderBooking, type RenderedBooking } from './render-bookings.js';
import { asHookData } from './transitions.js';

const checkRequest = compileSchema(BookingRequestSchema);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const iso = (ms: number) => new Date(ms).toISOString();

/** A request that passed every check but the overlap one. */
interface ValidRequest {
  product: ProductDoc;
  from: string;
  to: string;
  interval: Interval;
  customer: Customer;
}

/** The schema's problems; a missing `customer` names the two fields the client must add, as a missing `basic` names the product's name. */
function schemaErrors(body: JsonObject): ErrorItem[] {
  return checkRequest(body).flatMap((error) =>
    error.field === 'customer' && error.message === 'This field is required.'
      ? [{ field: 'customer.name', message: error.message }, { field: 'customer.email', message: error.message }]
      : [error],
  );
}

/** The published product a request names, if the caller may read it; a hidden one is as missing. */
async function requestableProduct(services: BookingServices, caller: Caller, id: string): Promise<ProductDoc | undefined> {
  try {
    const doc = await readableProduct(services, caller, id);
    return doc.settings.published ? doc : undefined;
  } catch (error) {
    if (error instanceof APIError && error.status === 404) return undefined;
    throw error;
  }
}

/** Every problem of a request in one 400: invalid fields, an unknown product, and each rule the interval breaks. */
async function validateRequest(services: BookingServices, caller: Caller, body: unknown, now: number): Promise<ValidRequest> {
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  const errors = schemaErrors(body);
  const failed = new Set(errors.map((error) => error.field));
  const customer = isPlainObject(body.customer) ? body.customer : {};
  if (typeof customer.name === 'string' && customer.name.trim() === '' && !failed.has('customer.name')) errors.push({ field: 'customer.name', message: 'Must not be empty.' });
  const parsed = parseInterval(body.from, body.to, '');
  if (failed.has('from') || failed.has('to')) {
    // The schema named one of them already: the other can only add that it is malformed too.
    for (const error of parsed.errors) if (!failed.has(error.field) && error.message === BOUNDARY_MESSAGE) errors.push(error);
  } else {
    errors.push(...parsed.errors);
  }
  const interval: Interval | undefined = parsed.interval;
  let product: ProductDoc | undefined;
  if (!failed.has('product')) {
    product = await requestableProduct(services, caller, body.product as string);
    if (!product) errors.push({ field: 'product', message: 'No published product has this id.' });
  }
  if (product && interval) {
    errors.push(...ruleViolations({ interval, fromIsDate: DATE.test(body.from as string), now, rules: productRules(product) }));
  }
  if (errors.length > 0 || !product || !interval) throw new ValidationError(errors);
  const { name, email, phone, note } = customer as unknown as Customer;
  return {
    product,
    from: body.from as string,
    to: body.to as string,
    interval,
    customer: { name: name.trim(), email: email.trim(), ...(phone !== undefined ? { phone } : {}), ...(note !== undefined ? { note } : {}) },
  };
}

const requestData = (request: ValidRequest): JsonObject => ({ product: request.product.id, from: request.from, to: request.to, customer: { ...request.customer } });

/** The stored row of a new booking. */
function bookingRow(doc: BookingDoc, interval: Interval, tokenHash: string, expiresAt: number | null): Omit<BookingsTable, 'version'> {
  return {
    id: doc.id,
    product_id: doc.product,
    owner_id: doc.owner,
    status: doc.status,
    from_at: iso(parseBoundary(doc.from, 'start') as number),
    to_at: iso(parseBoundary(doc.to, 'start') as number),
    starts_at: interval.start,
    ends_at: interval.end,
    customer_email: doc.customer.email,
    token_hash: tokenHash,
    expires_at: expiresAt,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    doc: JSON.stringify(doc),
  };
}

/**
 * POST /api/bookings (SPEC 9): a customer asks for a published product for a time. Access →
 * validation (every problem in one 400) → beforeChange hooks → overlap (409) → store → afterChange.
 * The token that reads and cancels it is answered here only; its hash is stored.
 */
export async function requestBooking(services: BookingServices, caller: Caller, body: unknown, depth: Depth): Promise<{ doc: RenderedBooking; token: string }> {
  const now = services.jobs.clock.now();
  const grant = await evaluateAccess(services.config.access.bookings.create, { user: caller.user, data: isPlainObject(body) ? body : undefined }, bookingFields);
  let request = await validateRequest(services, caller, body, now);
  const hooks = services.config.hooks.bookings;
  if (hooks.beforeChange) {
    const data = requestData(request);
    const changed = await transformThrough(hooks.beforeChange, { data: asHookData(structuredClone(data)), operation: 'create' as const, user: caller.user }, 'data');
    if (JSON.stringify(changed) !== JSON.stringify(data)) request = await validateRequest(services, caller, changed, now);
  }
  const { product, interval } = request;
  const rules = productRules(product);
  const reservations = reservationsOf(product).map((reservation) => reservation.interval);
  if (overlapsReservations(interval, reservations, rules)) throw Errors.BOOKING_UNAVAILABLE(OVERLAP_MESSAGE, 'from');
  const price = priceOf({
    interval,
    rules,
    price: product.additional?.price,
    caution: product.additional?.caution,
    timeUnit: product.additional?.time_unit,
    unitLengths: unitLengths(services.config.products.timeUnits),
  });
  const at = iso(now);
  const doc: BookingDoc = {
    id: generateId(now),
    product: product.id,
    owner: product.basic.rent_owner ?? null,
    from: request.from,
    to: request.to,
    status: 'requested',
    customer: request.customer,
    quote: price,
    history: [{ status: 'requested', at, by: caller.user?.id ?? 'customer' }],
    createdAt: at,
    updatedAt: at,
  };
  const token = newBookingToken();
  const expiry = services.config.bookings.requestExpiry;
  const row = bookingRow(doc, interval, hashBookingToken(token), expiry > 0 ? now + expiry : null);
  if (grant.kind === 'filter' && !matches(grant.where, row as unknown as Record<string, string | number | null>)) throw denied(caller.user);
  const inserted = await services.storage.bookings.insert(row);
  // The product's owner as stored at the commit (given away meanwhile: the new one).
  const stored = inserted === row ? doc : bookingDocOf(inserted);
  await runHooks(hooks.afterChange, { doc: asHookData(structuredClone(stored)), operation: 'create' as const, user: caller.user });
  return { doc: await renderBooking(services, stored, depth), token };
}
