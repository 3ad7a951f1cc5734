import { addDays } from './calendar-days.js';

/** A product with its reservations, as the overview reads them (select: name and reservations). */
export interface AgendaProduct {
  id: string;
  basic: { product_name: string };
  availability: { reservationDates: { id: string; from: string; to: string; note?: string; source?: string; bookingId?: string }[] };
}

/** A hand-over: a reservation starting (pick-up) or ending (return) on a day. */
export interface HandOver {
  kind: 'pickup' | 'return';
  /** The owner's local day, `YYYY-MM-DD`. */
  day: string;
  /** The time, for a reservation in date-times. */
  at?: string;
  productId: string;
  productName: string;
  reservation: AgendaProduct['availability']['reservationDates'][number];
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The local day of the browser (the owner's), `YYYY-MM-DD`. */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A reservation's first and last day: dates as written (`to` inclusive), date-times on the owner's clock (`to` exclusive). */
function handOverDays(from: string, to: string): { first: string; last: string } {
  const first = DAY_ONLY.test(from) ? from : localDay(new Date(from));
  const last = DAY_ONLY.test(to) ? to : localDay(new Date(Date.parse(to) - 1));
  return { first, last };
}

/**
 * The pick-ups and returns of own reservations (confirmed bookings' included; imported blocks
 * are other channels' and left out) from `today` for `days` days, in time order, pick-ups
 * before returns on a day.
 */
export function handOvers(products: AgendaProduct[], today: string, days: number): HandOver[] {
  const last = addDays(today, days - 1);
  const within = (day: string) => today <= day && day <= last;
  const found: HandOver[] = [];
  for (const product of products) {
    for (const reservation of product.availability.reservationDates) {
      if (reservation.source === 'ical') continue;
      const { first, last: end } = handOverDays(reservation.from, reservation.to);
      const base = { productId: product.id, productName: product.basic.product_name, reservation };
      if (within(first)) found.push({ kind: 'pickup', day: first, ...(DAY_ONLY.test(reservation.from) ? {} : { at: reservation.from }), ...base });
      if (within(end)) found.push({ kind: 'return', day: end, ...(DAY_ONLY.test(reservation.to) ? {} : { at: reservation.to }), ...base });
    }
  }
  const order = (item: HandOver) => `${item.day}|${item.at ?? ''}|${item.kind === 'pickup' ? 0 : 1}|${item.productName}`;
  return found.sort((a, b) => order(a).localeCompare(order(b)));
}
