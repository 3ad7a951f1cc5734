import type { NewEvent } from './outbox.js';

/** What the events of a product write are made of: its row (with the depth-0 document as JSON) and its reservations' intervals. */
export interface ProductEventSource {
  row: { id: string; owner_id: string | null; published: number; doc: string };
  reservations: readonly { id: string; start: number; end: number }[];
}

type Item = { id: string };

/** The reservation items of a stored document, by id (parsed only when a write changes reservations). */
function itemsOf(docText: string): Map<string, Item> {
  const doc = JSON.parse(docText) as { availability?: { reservationDates?: Item[] } };
  return new Map((doc.availability?.reservationDates ?? []).map((item) => [item.id, item]));
}

export const reservationEvent = (type: 'reservation.created' | 'reservation.released', source: ProductEventSource, item: Item, formerOwner?: string | null): NewEvent => ({
  type,
  data: `{"product":${JSON.stringify(source.row.id)},"reservation":${JSON.stringify(item)}}`,
  owner: source.row.owner_id,
  formerOwner,
  public: source.row.published === 1,
});

/** The reservations of `a` that `b` does not have with the same interval. */
const missingFrom = (a: ProductEventSource, b: ProductEventSource | undefined) => {
  const kept = new Map((b?.reservations ?? []).map((r) => [r.id, r]));
  return a.reservations.filter((r) => {
    const other = kept.get(r.id);
    return !other || other.start !== r.start || other.end !== r.end;
  });
};

/**
 * The events of a product's create (`previous` undefined) or update: `product.created` or
 * `product.updated` with the document at depth 0, then `reservation.released` for each
 * reservation the write removed (or moved) and `reservation.created` for each it added.
 */
export function productWriteEvents(record: ProductEventSource, previous?: ProductEventSource): NewEvent[] {
  const formerOwner = previous && previous.row.owner_id !== record.row.owner_id ? previous.row.owner_id : null;
  const events: NewEvent[] = [
    { type: previous ? 'product.updated' : 'product.created', data: record.row.doc, owner: record.row.owner_id, formerOwner, public: record.row.published === 1 },
  ];
  const released = previous ? missingFrom(previous, record) : [];
  const added = missingFrom(record, previous);
  if (released.length > 0) {
    const items = itemsOf((previous as ProductEventSource).row.doc);
    for (const r of released) events.push(reservationEvent('reservation.released', record, items.get(r.id) ?? { id: r.id }, formerOwner));
  }
  if (added.length > 0) {
    const items = itemsOf(record.row.doc);
    for (const r of added) events.push(reservationEvent('reservation.created', record, items.get(r.id) ?? { id: r.id }, formerOwner));
  }
  return events;
}

/** `product.deleted`, with the document as it was. */
export const productDeletedEvent = (row: ProductEventSource['row']): NewEvent => ({
  type: 'product.deleted',
  data: row.doc,
  owner: row.owner_id,
  public: row.published === 1,
});
