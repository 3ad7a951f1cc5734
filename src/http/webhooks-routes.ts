import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { listQueryOf, type ListParams } from '../domain/list-query.js';
import { webhookFields } from '../domain/webhooks.js';
import type { Services } from '../operations/context.js';
import { createWebhook, deleteWebhook, findWebhookById, findWebhooks, updateWebhook, webhookDeliveries } from '../operations/webhooks/manage-webhooks.js';
import { IdParams, SelectQuery, TotalDocsSchema, bearerSecurity, envelope, errorResponses, listQuery, paginated } from './schemas/common.js';
import { parseSelect, selected, selectedDocs } from '../domain/select.js';
import { selectedAnswer } from './select-response.js';
import { validatedByOperation } from './request-validation.js';
import { DeliveriesQuery, DeliverySchema, WebhookCreateSchema, WebhookPatchSchema, WebhookSchema } from './schemas/webhooks.js';

type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

/** Delivery attempts one page shows at most (and by default); the query schema holds `limit` to it. */
const MAX_DELIVERIES = 100;

/** The `webhooks` collection (SPEC 11). */
export function webhooksRoutes(services: Services) {
  const { maxLimit } = services.config.products;
  const tags = ['webhooks'];
  const security = bearerSecurity;
  const schemas = {
    create: {
      tags, security, summary: 'Subscribe a URL to events; the answer carries the signing secret, shown only this once', querystring: SelectQuery, body: validatedByOperation(WebhookCreateSchema),
      response: { 201: Type.Object({ doc: WebhookSchema, message: Type.String(), secret: Type.String({ description: 'Standard Webhooks signing secret (`whsec_…`).' }) }), ...errorResponses(400, 401, 403) },
    },
    list: {
      tags, security, summary: 'List webhooks (an account\'s own; an admin\'s all)',
      querystring: Type.Composite([Type.Pick(listQuery('webhooks', webhookFields, maxLimit), ['where', 'sort', 'limit', 'page', 'pagination']), SelectQuery]),
      response: { 200: paginated(WebhookSchema), ...errorResponses(400, 401, 403) },
    },
    count: { tags, security, summary: 'Count webhooks', querystring: Type.Pick(listQuery('webhooks', webhookFields, 1), ['where']), response: { 200: TotalDocsSchema, ...errorResponses(400, 401, 403) } },
    read: { tags, security, summary: 'Read a webhook', params: IdParams, querystring: SelectQuery, response: { 200: WebhookSchema, ...errorResponses(400, 401, 403, 404) } },
    update: { tags, security, summary: 'Change a webhook', params: IdParams, querystring: SelectQuery, body: validatedByOperation(WebhookPatchSchema), response: { 200: envelope(WebhookSchema), ...errorResponses(400, 401, 403, 404) } },
    remove: { tags, security, summary: 'Delete a webhook', params: IdParams, querystring: SelectQuery, response: { 200: envelope(WebhookSchema), ...errorResponses(400, 401, 403, 404) } },
    deliveries: {
      tags, security, summary: 'Recent delivery attempts, newest first', params: IdParams, querystring: DeliveriesQuery,
      response: { 200: Type.Object({ docs: Type.Array(DeliverySchema) }), ...errorResponses(400, 401, 403, 404) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/webhooks', { schema: schemas.create }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
      const selection = parseSelect(request.query.select);
      const { doc, secret } = await createWebhook(services, request.caller, request.body);
      reply.code(201).header('location', `/api/webhooks/${doc.id}`);
      return { doc: selected(doc, selection), message: 'Webhook successfully created.', secret };
    });

    const queryOf = (query: Record<string, unknown>) => listQueryOf(query as ListParams, webhookFields, { maxLimit, defaultSort: '-createdAt' });

    app.get('/api/webhooks', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) =>
      selectedDocs(await findWebhooks(services, request.caller, queryOf(request.query)), parseSelect(request.query.select)),
    );

    app.get('/api/webhooks/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => {
      const page = await findWebhooks(services, request.caller, { ...queryOf(request.query), limit: 1, page: 1, pagination: true });
      return { totalDocs: page.totalDocs };
    });

    app.get('/api/webhooks/:id', { schema: schemas.read }, async (request: IdRequest) => selectedAnswer(request.query, () => findWebhookById(services, request.caller, request.params.id)));

    app.patch('/api/webhooks/:id', { schema: schemas.update }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => updateWebhook(services, request.caller, request.params.id, request.body)),
      message: 'Updated successfully.',
    }));

    app.delete('/api/webhooks/:id', { schema: schemas.remove }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => deleteWebhook(services, request.caller, request.params.id)),
      message: 'Deleted successfully.',
    }));

    app.get('/api/webhooks/:id/deliveries', { schema: schemas.deliveries }, async (request: IdRequest) =>
      webhookDeliveries(services, request.caller, request.params.id, (request.query.limit as number | undefined) ?? MAX_DELIVERIES),
    );
  };
}
