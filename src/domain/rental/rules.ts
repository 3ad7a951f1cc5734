import type { ErrorItem } from '../../errors/api-error.js';
import { durationMs } from '../duration.js';
import { isPlainObject } from '../merge.js';
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

/**
 * Rules that only make sense together: a longest rental shorter than the shortest leaves no
 * request acceptable, so the document is refused (naming the maximum) rather than stored.
 */
export function ruleConflicts(doc: Record<string, unknown>, failed: (path: string) => boolean): ErrorItem[] {
  const additional = doc.additional;
  if (!isPlainObject(additional) || failed('additional.min_duration') || failed('additional.max_duration')) return [];
  const { min_duration: min, max_duration: max } = additional;
  const [minMs, maxMs] = [typeof min === 'string' ? durationMs(min) : undefined, typeof max === 'string' ? durationMs(max) : undefined];
  if (minMs === undefined || maxMs === undefined || maxMs >= minMs) return [];
  return [{ field: 'additional.max_duration', message: `Must not be shorter than additional.min_duration (${String(min)}).` }];
}
