import { Type } from '@sinclair/typebox';
import { ProductListQuerySchema } from './products.js';

const flag = (description: string) => Type.Optional(Type.Boolean({ default: false, description }));

export const ExportQuerySchema = Type.Composite([
  Type.Object({
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('ndjson')], { default: 'csv', description: 'csv: one column per field path; json: an array; ndjson: one product a line.' })),
    bom: flag('CSV only: begin with a UTF-8 byte order mark, by which spreadsheet programs recognise UTF-8.'),
  }),
  Type.Pick(ProductListQuerySchema, ['where', 'q', 'availableFrom', 'availableTo', 'sort']),
]);

const file = (description: string) => ({ schema: { type: 'string', description } });

/** The three files as their own content types, or one of them as the `file` field of a form. */
export const ImportBodySchema = Type.Unsafe({
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary', description: 'A CSV, JSON or NDJSON file; its format from `format`, else its extension, else its type, else CSV.' } },
        required: ['file'],
      },
    },
    'text/csv': file('A header row of field paths (basic.product_name, additional.price, …) as the export writes it; `,` or `;` separated, an optional BOM, CRLF or LF.'),
    'application/json': { schema: { type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Products as POST /api/products/:id takes them.' } },
    'application/x-ndjson': file('One product (a JSON object) a line.'),
  },
});

export const ImportQuerySchema = Type.Object({
  mode: Type.Optional(Type.Union([Type.Literal('create'), Type.Literal('upsert')], { default: 'create', description: 'create: a row whose id exists is a 409; upsert: it replaces that product (a row equal to it is left unchanged).' })),
  dryRun: flag('Check every row and report; write nothing.'),
  atomic: flag('Write every row or none: nothing is written unless every row is valid.'),
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('ndjson')], { description: 'The file\'s format, where its Content-Type (or a form file\'s name) does not say it.' })),
  charset: Type.Optional(Type.String({ description: 'The file\'s encoding (`windows-1250`, `iso-8859-2`, …) where its Content-Type does not name it; default UTF-8. A byte the encoding has no character for is a 400.' })),
});

const ErrorItemSchema = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });

export const ImportReportSchema = Type.Object({
  mode: Type.Union([Type.Literal('create'), Type.Literal('upsert')]),
  dryRun: Type.Boolean(),
  atomic: Type.Boolean(),
  committed: Type.Boolean({ description: 'Whether the rows reported created or updated are stored: false for a dry run and for an atomic import that failed.' }),
  totals: Type.Object({ rows: Type.Integer(), created: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer(), errors: Type.Integer() }),
  rows: Type.Array(
    Type.Object({
      row: Type.Integer({ description: '1 for the first product of the file (a CSV header is not a row).' }),
      id: Type.Union([Type.String(), Type.Null()], { description: 'The product\'s id; null for a row without one that was not written.' }),
      status: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('unchanged'), Type.Literal('error')]),
      code: Type.Optional(Type.Integer({ description: 'For an error: the status POST /api/products/:id would have answered (400, 403, 409…).' })),
      errors: Type.Array(ErrorItemSchema),
    }),
  ),
}, { description: 'What each row did (or would do, on a dry run), and the totals.' });

export const exportResponse = Type.Unsafe({
  description: 'The file, streamed, with Content-Disposition: attachment; filename="products-<date>.<format>".',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/json': { schema: { type: 'array', items: { $ref: 'Product' } } },
    'application/x-ndjson': { schema: { type: 'string' } },
  },
});
