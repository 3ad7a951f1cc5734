import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../operations/context.js';
import { productAvailability } from '../operations/rental/product-availability.js';
import { quoteProduct } from '../operations/rental/quote-product.js';
import { IdParams, bearerSecurity, errorResponses } from './schemas/common.js';
import { AvailabilityQuery, RentalIntervalQuery } from './schemas/bookings.js';

type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A product's quote and availability calendar (SPEC 8): for anyone who may read the product, nothing personal in either. */
export function rentalRoutes(services: Services) {
  const tags = ['products'];
  const schemas = {
    quote: {
      tags, summary: 'What renting a product for a time costs, and the rules it breaks', security: bearerSecurity, params: IdParams, querystring: RentalIntervalQuery,
      response: { 200: Type.Ref('Quote'), ...errorResponses(400, 404) },
    },
    availability: {
      tags, summary: "A product's busy time and the status of each day", security: bearerSecurity, params: IdParams, querystring: AvailabilityQuery,
      response: { 200: Type.Ref('Availability'), ...errorResponses(400, 404) },
    },
  };
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/products/:id/quote', { schema: schemas.quote }, async (request: IdRequest) => quoteProduct(services, request.caller, request.params.id, request.query));
    app.get('/api/products/:id/availability', { schema: schemas.availability }, async (request: IdRequest, reply: FastifyReply) =>
      reply.type(JSON_TYPE).send(await productAvailability(services, request.caller, request.params.id, request.query)),
    );
  };
}
