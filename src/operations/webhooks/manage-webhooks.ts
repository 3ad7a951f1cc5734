import { withoutDocumentFields } from '../../domain/document-fields.js';
import { hasAdminRole } from '../../domain/admin-role.js';
import type { Static } from '@sinclair/typebox';
import { isAdmin } from '../../config/defaults.js';
import { generateId, isValidId } from '../../domain/ids.js';
import type { ListQuery } from '../../domain/list-query.js';
import { compileSchema, checkedBody, type SchemaCheck } from '../../domain/schema-validator.js';
import { nextTimestamp } from '../../domain/timestamps.js';
import { webhookFields, type DeliveryAttempt, type WebhookDoc } from '../../domain/webhooks.js';
import { matches } from '../../domain/where/matches.js';
import { ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { newWebhookSecret } from '../../auth/secret-box.js';
import { checkOutboundUrl } from '../../net/outbound.js';
import { OutboundError } from '../../net/outbound-error.js';
import type { AttemptRow, WebhookRow } from '../../storage/webhooks-repository.js';
import { WebhookCreateSchema, WebhookPatchSchema } from '../../http/schemas/webhooks.js';
import { authorizeChange, missingTo, denied, evaluateAccess, readableBy, type Grant } from '../access.js';
import type { Caller, Services } from '../context.js';
import { filteredSource, listPage, type PaginatedDocs } from '../list-page.js';

const checkCreate = compileSchema(WebhookCreateSchema);
const checkPatch = compileSchema(WebhookPatchSchema);
type WebhookPatch = Static<typeof WebhookPatchSchema>;

const missing = (id: string) => Errors.WEBHOOK_NOT_FOUND(id);

export function webhookDocOf(row: WebhookRow): WebhookDoc {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    active: row.active === 1,
    ...(row.description !== null ? { description: row.description } : {}),
    scope: row.scope === 'all' ? 'all' : 'own',
    owner: row.owner_id,
    ...(row.deactivated_reason !== null ? { deactivatedReason: row.deactivated_reason } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const attemptOf = (row: AttemptRow): DeliveryAttempt => ({
  eventId: Number(row.event_id),
  type: row.type,
  attempt: row.attempt,
  status: row.status === 'succeeded' ? 'succeeded' : 'failed',
  responseStatus: row.response_status,
  durationMs: row.duration_ms,
  at: row.at,
  ...(row.error !== null ? { error: row.error } : {}),
});

/** The URL rule of SPEC 10/11: an item naming `url` for anything the service may not call. */
async function urlProblems(services: Services, url: string): Promise<ErrorItem[]> {
  try {
    await checkOutboundUrl(url, { allowPrivateAddresses: services.config.webhooks.allowPrivateAddresses });
    return [];
  } catch (error) {
    if (error instanceof OutboundError) return [Errors.URL_REFUSED.item(error.message)];
    throw error;
  }
}

/**
 * A body that passes the schema and whose `url` the service may call: one 400 lists every
 * offending field, the URL's rule among them when the schema found other faults.
 */
async function checkedWebhookBody(services: Services, sent: unknown, check: SchemaCheck): Promise<Record<string, unknown>> {
  const input = withoutDocumentFields(sent);
  let body: Record<string, unknown> | undefined;
  let items: ErrorItem[] = [];
  try {
    body = checkedBody(input, check);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    items = error.items;
  }
  const url = (input as { url?: unknown } | null | undefined)?.url;
  if (typeof url === 'string' && !items.some((item) => item.field === 'url')) items = [...items, ...(await urlProblems(services, url))];
  if (items.length > 0 || !body) throw new ValidationError(items);
  return body;
}

const isAdminRow = (row: { roles: string } | undefined): boolean => row !== undefined && hasAdminRole(row.roles);

/** A webhook of every event may only be an admin's. */
function checkScope(caller: Caller, scope: string | undefined): void {
  if (scope === 'all' && !isAdmin(caller.user)) throw Errors.WEBHOOK_SCOPE_FORBIDDEN();
}

const readGrant = (services: Services, caller: Caller, id?: string): Promise<Grant> =>
  evaluateAccess(services.config.access.webhooks.read, { user: caller.user, id }, webhookFields);

/** POST /api/webhooks: the webhook and its signing secret, which is shown only here. */
export async function createWebhook(services: Services, caller: Caller, input: unknown): Promise<{ doc: WebhookDoc; secret: string }> {
  const { user } = caller;
  if (!user) throw denied(user);
  const body = (await checkedWebhookBody(services, input, checkCreate)) as Static<typeof WebhookCreateSchema>;
  const grant = await evaluateAccess(services.config.access.webhooks.create, { user, data: body }, webhookFields);
  checkScope(caller, body.scope);
  const now = new Date().toISOString();
  const row = {
    id: generateId(),
    owner_id: user.id,
    url: body.url,
    events: JSON.stringify(body.events),
    scope: body.scope ?? 'own',
    active: body.active === false ? 0 : 1,
    description: body.description ?? null,
    deactivated_reason: null,
    created_at: now,
    updated_at: now,
  };
  if (grant.kind === 'filter' && !matches(grant.where, row)) throw denied(user);
  const secret = newWebhookSecret();
  await services.storage.webhooks.insert({ ...row, secret: services.webhookSecrets.seal(secret) });
  return { doc: webhookDocOf({ ...row, secret: '', since_event: 0 }), secret };
}

export async function findWebhooks(services: Services, caller: Caller, query: ListQuery): Promise<PaginatedDocs<WebhookDoc>> {
  const filter = readableBy(await readGrant(services, caller), query.where);
  return listPage(query, filteredSource(services.storage.webhooks, filter, query.sort), (rows) => rows.map(webhookDocOf), 'webhooks');
}

async function readable(services: Services, caller: Caller, id: string): Promise<WebhookRow> {
  if (!isValidId(id)) throw missing(id);
  const grant = await readGrant(services, caller, id);
  const row = await services.storage.webhooks.get(id, grant.kind === 'filter' ? grant.where : undefined);
  if (!row) throw missing(id);
  return row;
}

export const findWebhookById = async (services: Services, caller: Caller, id: string): Promise<WebhookDoc> => webhookDocOf(await readable(services, caller, id));

/** The webhook a change is about, once the caller may make it (as for media: 401, 404, 403). */
async function loadForChange(services: Services, caller: Caller, id: string, operation: 'update' | 'delete', data?: Record<string, unknown>): Promise<WebhookRow> {
  const row = isValidId(id) ? await services.storage.webhooks.get(id) : undefined;
  if (!row) throw await missingTo(caller.user, () => evaluateAccess(services.config.access.webhooks[operation], { user: caller.user, id, data }, webhookFields), () => missing(id));
  await authorizeChange(
    caller.user,
    async () => {
      const doc = webhookDocOf(row) as unknown as Record<string, unknown>;
      const grant = await evaluateAccess(services.config.access.webhooks[operation], { user: caller.user, id, data, doc }, webhookFields);
      return grant.kind === 'all' || matches(grant.where, row);
    },
    () => readable(services, caller, id).then(() => true, () => false),
    () => missing(id),
  );
  return row;
}

/** PATCH /api/webhooks/:id: url, events, active, description, scope. Activating clears the reason of a deactivation. */
export async function updateWebhook(services: Services, caller: Caller, id: string, input: unknown): Promise<WebhookDoc> {
  if (input === undefined || input === null) throw Errors.BODY_NOT_OBJECT();
  const patch = (await checkedWebhookBody(services, input, checkPatch)) as WebhookPatch;
  const row = await loadForChange(services, caller, id, 'update', patch as unknown as Record<string, unknown>);
  checkScope(caller, patch.scope);
  // An admin may not make another account's webhook global: it would deliver every account's events (customers' details included) to a non-admin.
  if (patch.scope === 'all' && row.owner_id !== caller.user?.id && !isAdminRow(await services.storage.rents.get(row.owner_id))) throw Errors.WEBHOOK_SCOPE_OWNER();
  const changes: Parameters<Services['storage']['webhooks']['update']>[1] = { updated_at: nextTimestamp(row.updated_at) };
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.events !== undefined) changes.events = JSON.stringify(patch.events);
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.scope !== undefined) changes.scope = patch.scope;
  if (patch.active !== undefined) {
    changes.active = patch.active ? 1 : 0;
    if (patch.active) changes.deactivated_reason = null;
  }
  // Activated again: it takes up the events from now on, not those of the time it was off.
  await services.storage.webhooks.update(id, changes, patch.active === true && row.active === 0);
  return webhookDocOf({ ...row, ...changes });
}

/** DELETE /api/webhooks/:id: the webhook, its queue and its log. */
export async function deleteWebhook(services: Services, caller: Caller, id: string): Promise<WebhookDoc> {
  const row = await loadForChange(services, caller, id, 'delete');
  if (!(await services.storage.webhooks.delete(id))) throw missing(id);
  return webhookDocOf(row);
}

/** GET /api/webhooks/:id/deliveries: the latest attempts, newest first. */
export async function webhookDeliveries(services: Services, caller: Caller, id: string, limit: number): Promise<{ docs: DeliveryAttempt[] }> {
  const row = await readable(services, caller, id);
  return { docs: (await services.storage.webhooks.attempts(row.id, limit)).map(attemptOf) };
}
