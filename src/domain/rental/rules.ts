import { durationMs } from '../duration.js';
import type { ProductDoc } from '../product-schema.js';
import type { Buffers } from './intervals.js';
import type { PriceTier } from './tiers.js';

/**
 * A product's rental rules (SPEC 8), read from the fields of `additional` the product field
 * registry declares and validates (domain/product-fields.ts): durations as lengths in ms.
 */
export interface RentalRules {
  /** Undefined where the product sets no such rule. */
  minDuration?: number;
  maxDuration?: number;
  leadTime?: number;
  /** Time kept free before and after every reservation (0 without a buffer). */
  bufferBefore: number;
  bufferAfter: number;
  priceTiers: readonly PriceTier[];
}

export type RuleFields = Pick<NonNullable<ProductDoc['additional']>, 'min_duration' | 'max_duration' | 'buffer_before' | 'buffer_after' | 'lead_time' | 'price_tiers'>;

export function rentalRules(additional: Partial<RuleFields> | undefined): RentalRules {
  return {
    minDuration: durationMs(additional?.min_duration),
    maxDuration: durationMs(additional?.max_duration),
    leadTime: durationMs(additional?.lead_time),
    bufferBefore: durationMs(additional?.buffer_before) ?? 0,
    bufferAfter: durationMs(additional?.buffer_after) ?? 0,
    priceTiers: additional?.price_tiers ?? [],
  };
}

/** A stored product's rules. */
export const productRules = (doc: Pick<ProductDoc, 'additional'>): RentalRules => rentalRules(doc.additional);

export function productBuffers(doc: Pick<ProductDoc, 'additional'>): Buffers {
  const rules = productRules(doc);
  return { before: rules.bufferBefore, after: rules.bufferAfter };
}
