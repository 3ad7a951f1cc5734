import { withoutDocumentFields } from '../../domain/document-fields.js';
import type { AccessArgs, AccessFunction } from '../../config/types.js';
import { calendarFields } from '../../domain/calendar/calendar-fields.js';
import { matches, type ColumnValues } from '../../domain/where/matches.js';
import { CalendarCreateSchema, CalendarPatchSchema } from '../../domain/calendar/calendar-schema.js';
import { holdsBlocks, withCalendarBlocks } from '../../domain/calendar/imported-blocks.js';
import { generateId, isValidId } from '../../domain/ids.js';
import type { ListQuery } from '../../domain/list-query.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { compileSchema } from '../../domain/schema-validator.js';
import { APIError, FIELD_CODES, ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { checkOutboundUrl } from '../../net/outbound.js';
import { OutboundError } from '../../net/outbound-error.js';
import type { CalendarFilter, CalendarRow } from '../../storage/calendars-repository.js';
import { evaluateAccess, missingTo, type Grant } from '../access.js';
import type { Caller, Services } from '../context.js';
import { listPage, filteredSource, type PaginatedDocs } from '../list-page.js';
import { grantCovers, productGrant } from '../products/product-access.js';
import { changeProductAsService } from '../products/update-product.js';
import { holdingCalendar, syncCalendar } from './sync-calendar.js';
import { docOf, type CalendarDoc } from './calendar-doc.js';

export type { CalendarDoc };

const checkCreate = compileSchema(CalendarCreateSchema);
const checkPatch = compileSchema(CalendarPatchSchema);

const missing = (id: string) => Errors.CALENDAR_NOT_FOUND(id);

/** What `config.access.calendars` grants the caller, for one calendar (`id`) or a list. */
const grantOf = (rule: AccessFunction | undefined, args: AccessArgs): Promise<Grant> => evaluateAccess(rule, args, calendarFields);

/** Whether a grant covers a calendar (as stored, with its product's owner). */
const covers = (grant: Grant, row: ColumnValues): boolean => grant.kind === 'all' || matches(grant.where, row);

/** A refusal as false: a signed-in caller the rules refuse. */
const refusedAsFalse = (error: unknown): false => {
  if (error instanceof APIError && error.status === 403) return false;
  throw error;
};

/** The own reservations of products, by product id, to list each calendar's conflicts against. */
async function reservationsOf(services: Services, productIds: string[]): Promise<Map<string, ReservationItem[]>> {
  const rows = await services.storage.products.getDocs([...new Set(productIds)]);
  return new Map(rows.map((row) => [row.id, (JSON.parse(row.doc) as ProductDoc).availability?.reservationDates ?? []]));
}

async function docsOf(services: Services, rows: CalendarRow[]): Promise<CalendarDoc[]> {
  const reservations = await reservationsOf(services, rows.map((row) => row.product_id));
  return rows.map((row) => docOf(row, reservations.get(row.product_id) ?? []));
}

const oneDoc = async (services: Services, row: CalendarRow) => (await docsOf(services, [row]))[0] as CalendarDoc;

/** A request body: a missing one is `{}` (so that each required field is named), anything but an object a 400. */
function objectBody(input: unknown): JsonObject {
  const body = input ?? {};
  if (!isPlainObject(body)) throw Errors.BODY_NOT_OBJECT();
  return body;
}

/**
 * A calendar the caller may read (`access.calendars.read`) and, for a change, change
 * (`update`/`delete`): 401 anonymous (unless a rule admits anonymous callers, as `true`
 * does), 404 missing or one they may not read (its URL is a secret), 403 one they may read
 * but not change.
 */
async function loadForCaller(services: Services, caller: Caller, id: string, operation?: 'update' | 'delete', data?: JsonObject): Promise<CalendarRow> {
  const { user } = caller;
  const row = isValidId(id) ? await services.storage.calendars.get(id) : undefined;
  const access = services.config.access.calendars;
  // An anonymous caller gets the read rule's refusal (401) whether or not the id exists: the answer tells no ids.
  if (!row) throw await missingTo(user, () => grantOf(access.read, { user, id }), () => missing(id));
  const readable = await grantOf(access.read, { user, id }).then((grant) => covers(grant, { ...row }), refusedAsFalse);
  if (!readable) throw missing(id);
  if (operation) {
    const allowed = await grantOf(access[operation], { user, id, data, doc: { id: row.id, product: row.product_id, owner: row.owner_id, name: row.name } }).then(
      (grant) => covers(grant, { ...row }),
      refusedAsFalse,
    );
    if (!allowed) throw Errors.CALENDAR_CHANGE_FORBIDDEN(operation);
  }
  return row;
}

/** The address rule of SPEC section 10, as a 400 on `url`. */
async function checkUrl(services: Services, url: string, errors: ErrorItem[]): Promise<void> {
  try {
    await checkOutboundUrl(url, { allowPrivateAddresses: services.config.calendars.allowPrivateAddresses });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    errors.push(Errors.URL_REFUSED.item(error.message));
  }
}

/**
 * The product a calendar is for: one the caller owns (or any, for an admin). A product that
 * does not exist or that the caller may not read is a 400 naming `product` (the same for
 * both); one they may read but not manage is a 403.
 */
async function checkProduct(services: Services, caller: Caller, body: JsonObject, productId: string, errors: ErrorItem[]): Promise<void> {
  const row = isValidId(productId) ? await services.storage.products.get(productId) : undefined;
  if (row) {
    const data = { product: productId, url: body.url, name: body.name, owner: row.owner_id };
    const allowed = await grantOf(services.config.access.calendars.create, { user: caller.user, data }).then(
      (grant) => covers(grant, { product_id: productId, owner_id: row.owner_id, name: typeof body.name === 'string' ? body.name : null }),
      refusedAsFalse,
    );
    if (allowed) return;
  }
  if (row) {
    const doc = JSON.parse(row.doc) as ProductDoc;
    const visible = await productGrant(services.config.access.products.read, { user: caller.user, id: productId }).then(
      (grant) => grantCovers(grant, doc, row.doc),
      () => false,
    );
    if (visible) throw Errors.CALENDAR_IMPORT_FORBIDDEN();
  }
  errors.push(Errors.CALENDAR_PRODUCT_UNKNOWN.item(productId));
}

/** POST /api/calendars: subscribes a product to a feed and syncs it before answering (a failed first sync still creates it). */
export async function createCalendar(services: Services, caller: Caller, input: unknown): Promise<CalendarDoc> {
  if (!caller.user) {
    // An anonymous caller is refused (401) before the body is checked, unless the rule admits anonymous callers.
    const given = isPlainObject(input) ? input : {};
    await grantOf(services.config.access.calendars.create, { user: null, data: { product: given.product, url: given.url, name: given.name } });
  }
  const body = objectBody(withoutDocumentFields(input));
  const errors = checkCreate(body);
  const failed = new Set(errors.map((error) => error.field));
  if (typeof body.product === 'string' && !failed.has('product')) await checkProduct(services, caller, body, body.product, errors);
  if (typeof body.url === 'string' && !failed.has('url')) await checkUrl(services, body.url, errors);
  if (errors.length > 0) throw new ValidationError(errors);
  const now = services.jobs.clock.now();
  const id = generateId(now);
  const stamp = new Date(now).toISOString();
  await services.storage.calendars.insert({
    id,
    product_id: body.product as string,
    url: body.url as string,
    name: typeof body.name === 'string' ? body.name : null,
    last_synced_at: null,
    last_status: null,
    last_error: null,
    etag: null,
    last_modified: null,
    blocks: '[]',
    // The first sync is this request's; the schedule takes it from the one after.
    next_sync_at: now + services.config.calendars.syncInterval,
    created_at: stamp,
    updated_at: stamp,
  });
  return oneDoc(services, (await syncCalendar(services, id, { wait: true })) ?? (await loadForCaller(services, caller, id)));
}

/** GET /api/calendars: those `access.calendars.read` grants (by default an owner's, of their products; every one for an admin). */
export async function findCalendars(services: Services, caller: Caller, query: ListQuery): Promise<PaginatedDocs<CalendarDoc>> {
  const grant = await grantOf(services.config.access.calendars.read, { user: caller.user });
  const filter: CalendarFilter = { ...(query.where ? { where: query.where } : {}), ...(grant.kind === 'filter' ? { access: grant.where } : {}) };
  return listPage(query, filteredSource(services.storage.calendars, filter, query.sort), (rows) => docsOf(services, rows), 'calendars');
}

export async function readCalendar(services: Services, caller: Caller, id: string): Promise<CalendarDoc> {
  return oneDoc(services, await loadForCaller(services, caller, id));
}

/** PATCH /api/calendars/:id: `url` and `name`. A new URL is checked as at creation and synced at once. */
export async function updateCalendar(services: Services, caller: Caller, id: string, input: unknown): Promise<CalendarDoc> {
  const row = await loadForCaller(services, caller, id, 'update', isPlainObject(input) ? input : undefined);
  const body = objectBody(withoutDocumentFields(input));
  if (Object.keys(body).length === 0) throw Errors.EMPTY_PATCH();
  const errors = checkPatch(body);
  const url = typeof body.url === 'string' && !errors.some((error) => error.field === 'url') ? body.url : undefined;
  const newUrl = url !== undefined && url !== row.url;
  if (newUrl) await checkUrl(services, url, errors);
  if (errors.length > 0) throw new ValidationError(errors);
  const now = services.jobs.clock.now();
  const changes = {
    updated_at: new Date(Math.max(now, Date.parse(row.updated_at) + 1)).toISOString(),
    ...(body.name !== undefined ? { name: body.name as string | null } : {}),
    // Another feed: the old one's validators mean nothing to it.
    ...(newUrl ? { url, etag: null, last_modified: null, next_sync_at: now } : {}),
  };
  if (!(await services.storage.calendars.update(id, changes))) throw missing(id);
  const synced = newUrl ? await syncCalendar(services, id, { wait: true }) : undefined;
  return oneDoc(services, synced ?? (await loadForCaller(services, caller, id)));
}

/** DELETE /api/calendars/:id: the calendar and its blocks on the product. */
export async function deleteCalendar(services: Services, caller: Caller, id: string): Promise<CalendarDoc> {
  const row = await loadForCaller(services, caller, id, 'delete');
  const doc = await oneDoc(services, row);
  await holdingCalendar(services, id, async () => {
    if (!(await services.storage.calendars.delete(id))) throw missing(id);
    // A calendar that gave no block leaves the product as it is (no write, no product.updated).
    const product = await services.storage.products.get(row.product_id);
    if (!product || holdsBlocks((JSON.parse(product.doc) as ProductDoc).availability?.reservationDates ?? [], id, [])) return;
    await changeProductAsService(services, row.product_id, (current) => {
      const availability = (current.availability ?? {}) as { reservationDates?: ReservationItem[] };
      return { ...current, availability: { ...availability, reservationDates: withCalendarBlocks(availability.reservationDates ?? [], id, []) } as unknown as JsonObject };
    }).catch((error: unknown) => {
      // The product went first (its calendars and blocks with it).
      if (!(error instanceof APIError && error.status === 404)) throw error;
    });
  });
  return { ...doc, events: 0, conflicts: [] };
}

/** POST /api/calendars/:id `{action: "sync"}`: syncs now (after another instance's sync of it, if one is running). */
export async function runCalendarAction(services: Services, caller: Caller, id: string, input: unknown): Promise<CalendarDoc> {
  await loadForCaller(services, caller, id, 'update', isPlainObject(input) ? input : undefined);
  const action = isPlainObject(input) ? input.action : undefined;
  if (action !== 'sync') throw Errors.CALENDAR_ACTION_INVALID();
  const extra = Object.keys(input as JsonObject).filter((key) => key !== 'action');
  if (extra.length > 0) throw new ValidationError(extra.map((key) => ({ field: key, message: 'Is not a field of this action.', code: FIELD_CODES.unknown })));
  const synced = await syncCalendar(services, id, { wait: true });
  return oneDoc(services, synced ?? (await loadForCaller(services, caller, id)));
}
