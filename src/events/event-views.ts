import type { AuthUser } from '../config/types.js';
import { isAdmin } from '../config/defaults.js';
import { isCatalogueEvent } from '../domain/event-types.js';
import type { ProductDoc } from '../domain/product-schema.js';
import { matches, type ColumnValues } from '../domain/where/matches.js';
import type { Grant } from '../operations/access.js';
import type { Services } from '../operations/context.js';
import { transformThrough } from '../operations/hooks.js';
import { toRecord } from '../storage/product-record.js';
import type { StoredEvent } from '../storage/outbox.js';

/** Who watches a stream: the caller, and what of the catalogue their read access lets them see (null: nothing). */
export interface Viewer {
  user: AuthUser | null;
  admin: boolean;
  productGrant: Grant | null;
}

export const viewerOf = (user: AuthUser | null, productGrant: Grant | null): Viewer => ({ user, admin: isAdmin(user), productGrant });

/** A product as public events show it: its reservations as `{id, from, to}`, without notes or other properties. */
function withPublicReservations(doc: Record<string, unknown>): Record<string, unknown> {
  const availability = doc.availability as { reservationDates?: { id: string; from: string; to: string }[] } | undefined;
  if (!availability?.reservationDates) return doc;
  return { ...doc, availability: { ...availability, reservationDates: availability.reservationDates.map(({ id, from, to }) => ({ id, from, to })) } };
}

/** One SSE message: `id:`, `event:` and `data:` with the whole event. */
const frame = (id: number, type: string, json: string) => `id: ${id}\nevent: ${type}\ndata: ${json}\n\n`;

const eventJson = (event: StoredEvent, data: string) =>
  `{"id":${event.id},"type":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(event.created_at)},"data":${data}}`;

/**
 * An event made ready for every stream at once: its full frame (owners, admins), and for
 * catalogue events of published products the public frame (SPEC 11): the product as an
 * anonymous reader sees it (afterRead hooks run for an anonymous caller), reservations as
 * `{id, from, to}` only. Each is built once, however many streams get it.
 */
export class PreparedEvent {
  readonly id: number;
  readonly full: string;
  private constructor(
    readonly event: StoredEvent,
    readonly publicFrame: string | undefined,
    /** The product's columns, for read filters (product.* events only). */
    private readonly columns: ColumnValues | undefined,
  ) {
    this.id = event.id;
    this.full = frame(event.id, event.type, eventJson(event, event.data));
  }

  static async of(event: StoredEvent, services: Pick<Services, 'config'>): Promise<PreparedEvent> {
    if (event.public !== 1 || !isCatalogueEvent(event.type)) return new PreparedEvent(event, undefined, undefined);
    if (event.type.startsWith('reservation.')) {
      const { product, reservation } = JSON.parse(event.data) as { product: string; reservation: { id: string; from: string; to: string } };
      const data = JSON.stringify({ product, reservation: { id: reservation.id, from: reservation.from, to: reservation.to } });
      return new PreparedEvent(event, frame(event.id, event.type, eventJson(event, data)), undefined);
    }
    const doc = JSON.parse(event.data) as ProductDoc;
    const columns = toRecord(doc, event.data);
    const afterRead = services.config.hooks.products.afterRead;
    let data: string;
    try {
      const shown = afterRead ? await transformThrough(afterRead, { doc: structuredClone(doc) as unknown as Record<string, unknown>, user: null }, 'doc') : (doc as unknown as Record<string, unknown>);
      data = JSON.stringify(withPublicReservations(shown));
    } catch {
      // An afterRead hook that throws hides the product from anonymous readers; so here.
      return new PreparedEvent(event, undefined, undefined);
    }
    return new PreparedEvent(event, frame(event.id, event.type, eventJson(event, data)), { ...columns.row, ...columns.texts });
  }

  /** The frame this viewer gets, if any (SPEC 11 Details: anonymous, owner, admin). */
  frameFor(viewer: Viewer): string | undefined {
    if (viewer.admin) return this.full;
    const { user } = viewer;
    if (user && (this.event.owner_id === user.id || this.event.former_owner_id === user.id)) return this.full;
    if (this.publicFrame === undefined || viewer.productGrant === null) return undefined;
    if (this.columns && viewer.productGrant.kind === 'filter' && !matches(viewer.productGrant.where, this.columns)) return undefined;
    return this.publicFrame;
  }
}
