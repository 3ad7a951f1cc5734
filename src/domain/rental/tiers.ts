/** From `min_units` units on, each unit costs `price` instead of the product's price (validated by the product field registry). */
export interface PriceTier {
  min_units: number;
  price: number;
}

/**
 * The unit price for a rental of `units` units: that of the tier with the largest
 * `min_units` not above `units`, else the product's own (undefined: the product has none).
 */
export function unitPriceFor(units: number, basePrice: number | undefined, tiers: readonly PriceTier[]): number | undefined {
  let price = basePrice;
  for (const tier of tiers) if (tier.min_units <= units) price = tier.price;
  return price;
}
