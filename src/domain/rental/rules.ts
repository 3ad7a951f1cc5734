import type { ErrorItem } from '../../errors/api-error.js';
import { DURATION_MESSAGE, parseDuration } from './durations.js';
import { tierErrors, type PriceTier } from './tiers.js';

/**
 * A product's rental rules (SPEC 8), as fields of `additional`: durations as ISO 8601 texts,
 * tiers as `{min_units, price}` items. Every reader of the rules goes through `rentalRules`,
 * so where the fields come from is decided here alone.
 */
export const DURATION_FIELDS = ['min_duration', 'max_duration', 'buffer_before', 'buffer_after', 'lead_time'] as const;
export type DurationField = (typeof DURATION_FIELDS)[number];

export interface RentalRules {
  /** Lengths in ms; undefined where the product sets no such rule. */
  minDuration?: number;
  maxDuration?: number;
  leadTime?: number;
  /** Time kept free before and after every reservation (0 without a buffer). */
  bufferBefore: number;
  bufferAfter: number;
  priceTiers: PriceTier[];
}

/** The fields of `additional` the rules are read from (a stored product's, already validated). */
export interface RuleFields {
  min_duration?: unknown;
  max_duration?: unknown;
  buffer_before?: unknown;
  buffer_after?: unknown;
  lead_time?: unknown;
  price_tiers?: unknown;
}

export function rentalRules(additional: RuleFields | undefined): RentalRules {
  const duration = (field: DurationField) => parseDuration(additional?.[field]);
  const tiers = Array.isArray(additional?.price_tiers) ? (additional.price_tiers as PriceTier[]) : [];
  return {
    minDuration: duration('min_duration'),
    maxDuration: duration('max_duration'),
    leadTime: duration('lead_time'),
    bufferBefore: duration('buffer_before') ?? 0,
    bufferAfter: duration('buffer_after') ?? 0,
    priceTiers: tiers,
  };
}

/** The problems of the rule fields of an `additional` object, each naming `additional.<field>`. */
export function ruleFieldErrors(additional: RuleFields): ErrorItem[] {
  const errors: ErrorItem[] = [];
  for (const field of DURATION_FIELDS) {
    const value = additional[field];
    if (value !== undefined && parseDuration(value) === undefined) errors.push({ field: `additional.${field}`, message: DURATION_MESSAGE });
  }
  if (additional.price_tiers !== undefined) errors.push(...tierErrors(additional.price_tiers, 'additional.price_tiers'));
  const min = parseDuration(additional.min_duration);
  const max = parseDuration(additional.max_duration);
  if (min !== undefined && max !== undefined && max < min) errors.push({ field: 'additional.max_duration', message: 'Must not be shorter than additional.min_duration.' });
  return errors;
}
