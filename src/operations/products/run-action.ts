import { ownValue } from '../../domain/own-value.js';
import { ValidationError } from '../../errors/api-error.js';
import { generateId } from '../../domain/ids.js';
import type { Depth } from '../../domain/list-query.js';
import { deepMerge, isPlainObject, type JsonObject } from '../../domain/merge.js';
import { asData } from '../../domain/product-document.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { parseInterval } from '../../domain/reservations.js';
import type { Caller, Services } from '../context.js';
import { createProduct } from './create-product.js';
import { loadForWrite } from './product-access.js';
import { writtenProduct, type WrittenProduct } from './render-one.js';
import { changeProduct } from './update-product.js';
import { Errors } from '../../errors/codes.js';
import { BUILT_IN_ACTIONS } from '../../domain/built-in-actions.js';
import { unknownField } from '../../domain/schema-validator.js';

type BuiltInAction = (typeof BUILT_IN_ACTIONS)[number];

/** What each built-in action takes beside `action` (SPEC 3); anything else is an unknown field, a 400. */
const BUILT_IN_ARGUMENTS: Record<BuiltInAction, readonly string[]> = {
  publish: [],
  unpublish: [],
  duplicate: ['newId'],
  reserve: ['from', 'to', 'note'],
  release: ['reservationId'],
};

/** The action a POST /api/products/:id asks for: `?action=` or a top-level string `action`. */
export function selectedAction(queryAction: unknown, body: unknown): string | undefined {
  if (queryAction !== undefined) {
    if (typeof queryAction !== 'string' || queryAction === '') throw Errors.ACTION_NAME_INVALID();
    return queryAction;
  }
  if (isPlainObject(body) && typeof body.action === 'string') return body.action;
  return undefined;
}

const reservationsOf = (data: JsonObject): ReservationItem[] =>
  ((data.availability as { reservationDates?: ReservationItem[] } | undefined)?.reservationDates ?? []);

function withReservations(data: JsonObject, items: ReservationItem[]): JsonObject {
  return { ...data, availability: { ...((data.availability as JsonObject | undefined) ?? {}), reservationDates: items } };
}

function reserve(data: JsonObject, args: JsonObject): JsonObject {
  const { from, to, note } = args;
  const { errors } = parseInterval(from, to, '');
  if (note !== undefined && typeof note !== 'string') errors.push({ field: 'note', message: 'Must be a string.' });
  if (errors.length > 0) throw new ValidationError(errors);
  const item: ReservationItem = { id: generateId(), from: from as string, to: to as string, ...(typeof note === 'string' ? { note } : {}) };
  return withReservations(data, [...reservationsOf(data), item]);
}

async function release(services: Services, productId: string, data: JsonObject, args: JsonObject): Promise<JsonObject> {
  const { reservationId } = args;
  if (typeof reservationId !== 'string' || reservationId === '') throw Errors.RESERVATION_ID_REQUIRED();
  const items = reservationsOf(data);
  const item = items.find((candidate) => candidate.id === reservationId);
  if (!item) throw Errors.RESERVATION_NOT_FOUND(reservationId);
  // A confirmed booking's hold on the time goes with the booking (SPEC 9: cancelling it releases it).
  if (typeof item.bookingId === 'string' && (await services.storage.bookings.holdingReservations(productId, [{ id: item.id, bookingId: item.bookingId }])).size > 0) {
    throw Errors.RELEASE_OF_BOOKING(reservationId, item.bookingId);
  }
  return withReservations(data, items.filter((candidate) => candidate.id !== reservationId));
}

async function duplicate(services: Services, caller: Caller, id: string, args: JsonObject, depth: Depth): Promise<WrittenProduct> {
  const { newId } = args;
  if (newId !== undefined && typeof newId !== 'string') throw Errors.NEW_ID_INVALID();
  const { doc } = await loadForWrite(services, caller.user, id, services.config.access.products.actions?.duplicate ?? services.config.access.products.update, 'duplicate', args);
  const source = asData(doc);
  const copy: JsonObject = {
    ...source,
    settings: { published: false },
    availability: { reservationDates: [] },
  };
  delete copy.id;
  try {
    const result = await createProduct(services, caller, { id: newId ?? generateId(), body: copy, depth });
    return result.product;
  } catch (error) {
    if (error instanceof ValidationError && error.items.some((item) => item.field === 'id')) {
      throw new ValidationError(error.items.map((item) => (item.field === 'id' ? { ...item, field: 'newId' } : item)));
    }
    throw error;
  }
}

/** POST /api/products/:id with an action: 200 with the product, 201 where the action creates one. */
export async function runAction(
  services: Services,
  caller: Caller,
  id: string,
  action: string,
  body: unknown,
  depth: Depth,
  /** The If-Match header: an action changes the product as PATCH does, and is refused (412) on a version not seen. */
  ifMatch?: string,
): Promise<{ product: WrittenProduct; created: boolean }> {
  const args: JsonObject = isPlainObject(body) ? { ...body } : {};
  delete args.action;
  const custom = ownValue(services.config.actions, action);
  const isBuiltIn = (BUILT_IN_ACTIONS as readonly string[]).includes(action);
  if (!custom && !isBuiltIn) {
    const known = [...BUILT_IN_ACTIONS, ...Object.keys(services.config.actions)];
    throw Errors.ACTION_UNKNOWN(action, known);
  }
  if (isBuiltIn) {
    const unknown = Object.keys(args).filter((name) => !BUILT_IN_ARGUMENTS[action as BuiltInAction].includes(name));
    if (unknown.length > 0) throw new ValidationError(unknown.map((name) => unknownField(name)));
  }
  // Configured actions cannot take a built-in name (the configuration refuses it).
  if (action === 'duplicate') return { product: await duplicate(services, caller, id, args, depth), created: true };

  const change = async (data: JsonObject, doc: ProductDoc): Promise<JsonObject> => {
    if (custom) {
      const changes = await custom.handler({ doc: asData(doc), body: args, user: caller.user });
      return isPlainObject(changes) ? deepMerge(data, changes) : data;
    }
    switch (action) {
      case 'publish':
      case 'unpublish':
        return deepMerge(data, { settings: { published: action === 'publish' } });
      case 'reserve':
        return reserve(data, args);
      default:
        return release(services, id, data, args);
    }
  };
  const { doc, kept } = await changeProduct(services, caller, id, change, { action, data: args, ...(ifMatch !== undefined ? { ifMatch } : {}) });
  return { product: await writtenProduct(services, caller, doc, depth, kept), created: false };
}

