import type { ErrorItem } from '../../errors/api-error.js';
import { isPlainObject } from '../merge.js';

/** From `min_units` units on, each unit costs `price` instead of the product's price. */
export interface PriceTier {
  min_units: number;
  price: number;
}

export const MAX_TIERS = 50;

/**
 * The unit price for a rental of `units` units: that of the tier with the largest
 * `min_units` not above `units`, else the product's own (undefined: the product has none).
 */
export function unitPriceFor(units: number, basePrice: number | undefined, tiers: readonly PriceTier[]): number | undefined {
  let price = basePrice;
  for (const tier of tiers) if (tier.min_units <= units) price = tier.price;
  return price;
}

/** What is wrong with a `price_tiers` value, each problem naming its path under `path`. */
export function tierErrors(value: unknown, path: string): ErrorItem[] {
  if (!Array.isArray(value)) return [{ field: path, message: 'Must be an array of {min_units, price}.' }];
  if (value.length > MAX_TIERS) return [{ field: path, message: `Must have at most ${MAX_TIERS} items.` }];
  const errors: ErrorItem[] = [];
  let previous: number | undefined;
  value.forEach((tier: unknown, index) => {
    const at = `${path}.${index}`;
    if (!isPlainObject(tier)) {
      errors.push({ field: at, message: 'Must be an object {min_units, price}.' });
      previous = undefined;
      return;
    }
    for (const key of Object.keys(tier)) {
      if (key !== 'min_units' && key !== 'price') errors.push({ field: `${at}.${key}`, message: 'This field is not allowed (unknown field).' });
    }
    const { min_units: minUnits, price } = tier;
    if (minUnits === undefined) errors.push({ field: `${at}.min_units`, message: 'This field is required.' });
    else if (typeof minUnits !== 'number' || !Number.isInteger(minUnits) || minUnits < 2) errors.push({ field: `${at}.min_units`, message: 'Must be a whole number of 2 or more.' });
    else if (previous !== undefined && minUnits <= previous) errors.push({ field: `${at}.min_units`, message: 'Must be greater than the min_units of the tier before it.' });
    if (price === undefined) errors.push({ field: `${at}.price`, message: 'This field is required.' });
    else if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) errors.push({ field: `${at}.price`, message: 'Must be a finite number of 0 or more.' });
    previous = typeof minUnits === 'number' && Number.isInteger(minUnits) ? minUnits : previous;
  });
  return errors;
}
