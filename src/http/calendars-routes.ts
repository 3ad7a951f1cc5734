import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { calendarFields } from '../domain/calendar/calendar-fields.js';
import { CalendarActionSchema, CalendarCreateSchema, CalendarPatchSchema } from '../domain/calendar/calendar-schema.js';
import { listQueryOf, type ListParams } from '../domain/list-query.js';
import type { Services } from '../operations/context.js';
import { createCalendar, deleteCalendar, findCalendars, readCalendar, runCalendarAction, updateCalendar } from '../operations/calendars/manage-calendars.js';
import { IdParams, SelectQuery, TotalDocsSchema, bearerSecurity, envelope, errorResponses, listQuery, paginated } from './schemas/common.js';
import { parseSelect, selected, selectedDocs } from '../domain/select.js';
import { selectedAnswer } from './select-response.js';
import { validatedByOperation } from './request-validation.js';

type Query = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

/** The `calendars` collection (SPEC section 10): owners' subscriptions to other channels' feeds. */
export function calendarsRoutes(services: Services) {
  const tags = ['calendars'];
  const calendar = Type.Ref('Calendar');
  const { maxLimit } = services.config.products;
  const schemas = {
    create: {
      tags, summary: "Subscribe a product to another channel's feed; the first sync runs before the answer", security: bearerSecurity,
      querystring: SelectQuery, body: validatedByOperation(CalendarCreateSchema), response: { 201: envelope(calendar), ...errorResponses(400, 401, 403, 413, 415) },
    },
    list: { tags, summary: "The caller's calendars (an admin's: all)", security: bearerSecurity, querystring: Type.Composite([Type.Omit(listQuery('calendars', calendarFields, maxLimit), ['depth']), SelectQuery]), response: { 200: paginated(calendar), ...errorResponses(400, 401) } },
    count: { tags, summary: 'Count calendars', security: bearerSecurity, querystring: Type.Pick(listQuery('calendars', calendarFields, 1), ['where']), response: { 200: TotalDocsSchema, ...errorResponses(400, 401) } },
    read: { tags, summary: 'A calendar', security: bearerSecurity, params: IdParams, querystring: SelectQuery, response: { 200: calendar, ...errorResponses(400, 401, 404) } },
    update: {
      tags, summary: 'Change its URL (synced at once) or name', security: bearerSecurity, params: IdParams, querystring: SelectQuery, body: validatedByOperation(CalendarPatchSchema),
      response: { 200: envelope(calendar), ...errorResponses(400, 401, 404, 413, 415) },
    },
    remove: { tags, summary: 'Unsubscribe: the calendar and its blocks go', security: bearerSecurity, params: IdParams, querystring: SelectQuery, response: { 200: envelope(calendar), ...errorResponses(400, 401, 404) } },
    action: {
      tags, summary: 'Sync now (`{"action": "sync"}`)', security: bearerSecurity, params: IdParams, querystring: SelectQuery, body: validatedByOperation(CalendarActionSchema),
      response: { 200: calendar, ...errorResponses(400, 401, 404, 413, 415) },
    },
  };
  const queryOf = (query: Query) => listQueryOf(query as ListParams, calendarFields, { maxLimit, defaultSort: '-createdAt' });

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/calendars', { schema: schemas.create }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const selection = parseSelect(request.query.select);
      const doc = await createCalendar(services, request.caller, request.body);
      reply.code(201).header('location', `/api/calendars/${doc.id}`);
      return { doc: selected(doc, selection), message: 'Calendar successfully created.' };
    });

    app.get('/api/calendars', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Query }>) =>
      selectedDocs(await findCalendars(services, request.caller, queryOf(request.query)), parseSelect(request.query.select)),
    );

    app.get('/api/calendars/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Query }>) => {
      const page = await findCalendars(services, request.caller, { ...queryOf(request.query), limit: 1, page: 1, pagination: true });
      return { totalDocs: page.totalDocs };
    });

    app.get('/api/calendars/:id', { schema: schemas.read }, async (request: IdRequest) => selectedAnswer(request.query, () => readCalendar(services, request.caller, request.params.id)));

    app.patch('/api/calendars/:id', { schema: schemas.update }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => updateCalendar(services, request.caller, request.params.id, request.body)),
      message: 'Updated successfully.',
    }));

    app.delete('/api/calendars/:id', { schema: schemas.remove }, async (request: IdRequest) => ({
      doc: await selectedAnswer(request.query, () => deleteCalendar(services, request.caller, request.params.id)),
      message: 'Deleted successfully.',
    }));

    app.post('/api/calendars/:id', { schema: schemas.action }, async (request: IdRequest) =>
      selectedAnswer(request.query, () => runCalendarAction(services, request.caller, request.params.id, request.body)),
    );
  };
}
