import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BookingActionSchema, BookingRequestSchema } from '../domain/bookings/booking-schema.js';
import { bookingFields } from '../domain/bookings/booking-document.js';
import { parseDepth, parseListQuery } from '../domain/parse-list-query.js';
import { validatedByOperation } from './request-validation.js';
import type { Services } from '../operations/context.js';
import { changeBooking } from '../operations/bookings/change-booking.js';
import { countBookings, findBooking, findBookings } from '../operations/bookings/find-bookings.js';
import { requestBooking } from '../operations/bookings/request-booking.js';
import { bookingsExportRoute } from './bookings-export-route.js';
import { bookingsRateLimit } from './rate-limit.js';
import { IdParams, SelectQuery, TotalDocsSchema, bearerSecurity, errorResponses, listQuery, paginated } from './schemas/common.js';
import { parseSelect, selected, selectedDocs } from '../domain/select.js';
import { selectedAnswer } from './select-response.js';
import { BookingReadQuery } from './schemas/bookings.js';

type Query = Record<string, unknown>;
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

/** The bookings collection (SPEC 9): thin routes around its operations. */
export function bookingsRoutes(services: Services) {
  const listOptions = { maxLimit: services.config.products.maxLimit, defaultSort: '-createdAt' };
  const tags = ['bookings'];
  const booking = Type.Ref('Booking');
  const readQuery = Type.Composite([BookingReadQuery, SelectQuery]);
  const listQueryOf = listQuery('bookings', bookingFields, listOptions.maxLimit);
  const actionQuery = Type.Composite([readQuery, Type.Object({ action: Type.Optional(Type.String({ description: 'The action, instead of the body’s.' })) })]);
  const schemas = {
    request: {
      tags, summary: 'Ask for a product for a time (anyone, by default)', security: bearerSecurity,
      querystring: Type.Composite([Type.Pick(BookingReadQuery, ['depth']), SelectQuery]), body: validatedByOperation(BookingRequestSchema),
      response: {
        201: Type.Object({ doc: booking, message: Type.String(), token: Type.String({ description: 'The customer’s secret for reading (`GET /api/bookings/:id?token=`) and cancelling this booking; shown only here.' }) }),
        ...errorResponses(400, 401, 403, 409, 413, 415),
      },
    },
    list: { tags, summary: 'List bookings (an owner: of their products; an admin: all)', security: bearerSecurity, querystring: Type.Composite([listQueryOf, SelectQuery]), response: { 200: paginated(booking), ...errorResponses(400, 401, 403) } },
    count: { tags, summary: 'Count bookings', security: bearerSecurity, querystring: Type.Pick(listQueryOf, ['where']), response: { 200: TotalDocsSchema, ...errorResponses(400, 401, 403) } },
    read: { tags, summary: 'Read a booking (owner, admin, or `?token=`)', security: bearerSecurity, params: IdParams, querystring: readQuery, response: { 200: booking, ...errorResponses(400, 404) } },
    change: {
      tags, summary: 'Confirm, decline or cancel a booking', security: bearerSecurity, params: IdParams, querystring: actionQuery, body: validatedByOperation(BookingActionSchema),
      response: { 200: booking, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/bookings', { schema: schemas.request, ...bookingsRateLimit(services.config) }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const depth = parseDepth(request.query.depth);
      const selection = parseSelect(request.query.select);
      const { doc, token } = await requestBooking(services, request.caller, request.body, depth);
      reply.code(201).header('location', `/api/bookings/${doc.id}`);
      return { doc: selected(doc, selection), message: 'Booking successfully requested.', token };
    });

    app.get('/api/bookings', { schema: schemas.list }, async (request: FastifyRequest<{ Querystring: Query }>) =>
      selectedDocs(await findBookings(services, request.caller, parseListQuery(request.query, bookingFields, listOptions)), parseSelect(request.query.select)),
    );

    bookingsExportRoute(services)(app);

    app.get('/api/bookings/count', { schema: schemas.count }, async (request: FastifyRequest<{ Querystring: Query }>) =>
      countBookings(services, request.caller, parseListQuery(request.query, bookingFields, listOptions)),
    );

    app.get('/api/bookings/:id', { schema: schemas.read }, async (request: IdRequest) =>
      selectedAnswer(request.query, () => findBooking(services, request.caller, request.params.id, request.query.token, parseDepth(request.query.depth))),
    );

    app.post('/api/bookings/:id', { schema: schemas.change }, async (request: IdRequest) =>
      selectedAnswer(request.query, () =>
        changeBooking(services, request.caller, request.params.id, {
          body: request.body,
          queryAction: request.query.action,
          token: request.query.token,
          depth: parseDepth(request.query.depth),
        }),
      ),
    );
  };
}
