import type { ProductDoc } from '../product-schema.js';
import type { Buffers } from './intervals.js';
import { rentalRules, type RentalRules, type RuleFields } from './rules.js';

/**
 * The one place a product's rental rules are read from its document: the fields of
 * `additional` (SPEC 8), stored as they were validated.
 */
export const productRules = (doc: Pick<ProductDoc, 'additional'>): RentalRules => rentalRules(doc.additional as RuleFields | undefined);

export function productBuffers(doc: Pick<ProductDoc, 'additional'>): Buffers {
  const rules = productRules(doc);
  return { before: rules.bufferBefore, after: rules.bufferAfter };
}
