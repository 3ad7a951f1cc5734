import { unitLengths } from '../../domain/rental/units.js';
import { ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { BOUNDARY_MESSAGE, parseBoundary, type Interval } from '../../domain/reservations.js';
import { reservedIntervals } from '../../domain/rental/facts.js';
import { quote, type Quote } from '../../domain/rental/quote.js';
import type { Caller } from '../context.js';
import { readableFacts, type RentalServices } from './readable-product.js';

/** GET /api/products/:id/quote (SPEC 8). */
export interface QuoteAnswer extends Quote {
  product: string;
  from: string;
  to: string;
  available: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `from` and `to` of a rental as a request would give them; every problem named in one 400. */
export function parseRentalInterval(from: unknown, to: unknown): { interval: Interval; from: string; to: string } {
  const errors: ErrorItem[] = [];
  const boundary = (value: unknown, field: 'from' | 'to') => {
    if (value === undefined || value === '') {
      errors.push({ field, message: 'This parameter is required.' });
      return undefined;
    }
    const ms = typeof value === 'string' ? parseBoundary(value, field === 'from' ? 'start' : 'end') : undefined;
    if (ms === undefined) errors.push({ field, message: BOUNDARY_MESSAGE });
    return ms;
  };
  const start = boundary(from, 'from');
  const end = boundary(to, 'to');
  if (start !== undefined && end !== undefined && end <= start) errors.push({ field: 'to', message: 'Must not be before `from` (and after it for date-times).' });
  if (errors.length > 0 || start === undefined || end === undefined) throw new ValidationError(errors);
  return { interval: { start, end }, from: from as string, to: to as string };
}

/** What renting a product for an interval would cost, and whether a request for it would be accepted now. */
export async function quoteProduct(services: RentalServices, caller: Caller, id: string, query: Record<string, unknown>): Promise<QuoteAnswer> {
  const asked = parseRentalInterval(query.from, query.to);
  const facts = await readableFacts(services, caller, id);
  const result = quote({
    interval: asked.interval,
    fromIsDate: DATE.test(asked.from),
    now: services.jobs.clock.now(),
    rules: facts.rules,
    price: facts.price,
    caution: facts.caution,
    timeUnit: facts.timeUnit,
    unitLengths: unitLengths(services.config.products.timeUnits),
    reservations: reservedIntervals(facts),
  });
  const { violations, ...price } = result;
  return { product: id, from: asked.from, to: asked.to, ...price, available: facts.published && violations.length === 0, violations };
}
