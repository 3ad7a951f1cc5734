import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { BOOKING_COLUMNS, bookingCells } from '../domain/bookings/booking-columns.js';
import { bookingFields, type BookingDoc } from '../domain/bookings/booking-document.js';
import { parseListQuery } from '../domain/parse-list-query.js';
import { ValidationError, collectingErrors, type ErrorItem } from '../errors/api-error.js';
import { exportBookings, type BookingExportQuery } from '../operations/bookings/export-bookings.js';
import type { Services } from '../operations/context.js';
import { EXPORT_FORMATS, EXPORT_TYPES, exportText, type ExportFormat } from '../operations/products/export-formats.js';
import { bearerSecurity, errorResponses, listQuery } from './schemas/common.js';
import { validatedByOperation } from './request-validation.js';

/** GET /api/bookings/export (docs/import-export.md): the owner's bookings as CSV, JSON or NDJSON, streamed. */

type Query = Record<string, unknown>;

const QuerySchema = Type.Composite([
  Type.Object({
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('ndjson')], { default: 'csv', description: 'csv: one column per field path; json: an array; ndjson: one booking a line.' })),
    bom: Type.Optional(Type.Boolean({ default: false, description: 'CSV only: begin with a UTF-8 byte order mark, by which spreadsheet programs recognise UTF-8.' })),
  }),
  // maxLimit does not matter here: only where and sort are taken.
  Type.Pick(listQuery('bookings', bookingFields, 1), ['where', 'sort']),
]);

const response = Type.Unsafe({
  description: 'The file, streamed, with Content-Disposition: attachment; filename="bookings-<date>.<format>". Bookings at depth 0, the customer included.',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/json': { schema: { type: 'array', items: { $ref: 'Booking' } } },
    'application/x-ndjson': { schema: { type: 'string' } },
  },
});

/** The export's parameters and the list's `where` and `sort`, every bad one named in one 400. */
function queryOf(raw: Query, maxLimit: number): { format: ExportFormat; bom: boolean; query: BookingExportQuery } {
  const errors: ErrorItem[] = [];
  let format: ExportFormat = 'csv';
  if (raw.format !== undefined && raw.format !== '') {
    if (typeof raw.format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(raw.format)) format = raw.format as ExportFormat;
    else errors.push({ field: 'format', message: `Must be one of ${EXPORT_FORMATS.join(', ')}.` });
  }
  const bom = raw.bom === true || raw.bom === 'true';
  if (!bom && raw.bom !== undefined && raw.bom !== '' && raw.bom !== false && raw.bom !== 'false') errors.push({ field: 'bom', message: 'Must be true or false.' });
  if (bom && format !== 'csv') errors.push({ field: 'bom', message: 'Only a CSV file begins with a byte order mark.' });
  const list = collectingErrors(() => parseListQuery({ where: raw.where, sort: raw.sort }, bookingFields, { maxLimit, defaultSort: '-createdAt' }), errors);
  if (errors.length > 0 || !list) throw new ValidationError(errors);
  return { format, bom, query: { where: list.where, sort: list.sort } };
}

export function bookingsExportRoute(services: Services) {
  const schema = { tags: ['bookings'], summary: 'Export bookings (an owner: of their products; an admin: all)', security: bearerSecurity, querystring: validatedByOperation(QuerySchema), response: { 200: response, ...errorResponses(400, 401, 403) } };
  return (app: FastifyInstance): void => {
    app.get('/api/bookings/export', { schema }, async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const { format, bom, query } = queryOf(request.query, services.config.products.maxLimit);
      const pages = await exportBookings(services, request.caller, query);
      const filename = `bookings-${new Date().toISOString().slice(0, 10)}.${format}`;
      reply.code(200).type(EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${filename}"`);
      return reply.send(Readable.from(exportText<BookingDoc>(pages, format, { bom, layout: { header: BOOKING_COLUMNS, cells: bookingCells } }), { objectMode: false }));
    });
  };
}
