import type { AuthUser } from '../../config/types.js';
import { isAdmin } from '../../config/defaults.js';
import { ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { buildProductDoc, ownerIdOf } from '../../domain/product-document.js';
import type { JsonObject } from '../../domain/merge.js';
import type { ProductDoc, ReservationItem } from '../../domain/product-schema.js';
import { bookingReservationsTouched, refusedOverlap } from '../../domain/reservation-conflicts.js';
import type { Services } from '../context.js';
import { termIdsOfProfile } from '../../storage/owner-profiles.js';
import { Errors } from '../../errors/codes.js';

export interface PreparedProduct {
  doc: ProductDoc;
  /** Whether the client chose the slug (a taken one is then a 409, not a renumbering). */
  explicitSlug: boolean;
}

/**
 * Validates a whole product document (input of create, or merged document of an update)
 * and resolves everything it refers to. Every 400 problem is reported at once.
 */
export async function prepareProduct(
  services: Services,
  user: AuthUser | null,
  data: JsonObject,
  server: { id: string; createdAt: string; updatedAt: string; previousOwner?: string; previousReservations?: ReservationItem[] },
): Promise<PreparedProduct> {
  const errors: ErrorItem[] = services.productValidator.check(data);
  const failed = new Set(errors.map((error) => error.field));
  const basic = (data.basic ?? {}) as JsonObject;

  const named = ownerIdOf(basic.rent_owner);
  const ownerId = named ?? server.previousOwner ?? user?.id;
  const owner = ownerId !== undefined && !failed.has('basic.rent_owner') ? await services.storage.owners.get(ownerId) : undefined;
  const unknownOwner = ownerId !== undefined && !owner && !failed.has('basic.rent_owner');
  // SPEC 2: an unknown account is a 400 (with the other field errors) whoever names it; naming another, existing one is a non-admin's 403.
  if (!isAdmin(user) && !unknownOwner) {
    if (server.previousOwner !== undefined && ownerId !== server.previousOwner) throw Errors.OWNER_CHANGE_FORBIDDEN();
    if (server.previousOwner === undefined && ownerId !== undefined && ownerId !== user?.id) {
      throw Errors.OWNER_NOT_SELF();
    }
  }
  if (unknownOwner) errors.push(Errors.UNKNOWN_OWNER.item(ownerId));
  const selectedTerm = (data.additional as JsonObject | undefined)?.selectedTerm;
  if (typeof selectedTerm === 'string' && !failed.has('additional.selectedTerm') && !failed.has('basic.rent_owner')) {
    if (owner && !termIdsOfProfile(owner.owner_profile).has(selectedTerm)) {
      errors.push(Errors.UNKNOWN_TERM.item(selectedTerm));
    } else if (!owner && ownerId === undefined) {
      errors.push(Errors.NO_OWNER_TERMS.item());
    }
  }
  const images = (data.gallery as { images?: unknown } | undefined)?.images;
  if (Array.isArray(images) && !failed.has('gallery.images')) {
    const ids = images.filter((image, index): image is string => typeof image === 'string' && !failed.has(`gallery.images.${index}`));
    const known = await services.readModel.galleryImages(ids);
    for (const [index, image] of images.entries()) {
      if (typeof image === 'string' && !failed.has(`gallery.images.${index}`) && !known.has(image)) {
        errors.push(Errors.UNKNOWN_MEDIA.item(image, index));
      }
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);

  const settings = (data.settings ?? {}) as JsonObject;
  const explicitSlug = typeof settings.slug === 'string';
  const doc = buildProductDoc(data, { ...server, ownerId, slug: explicitSlug ? (settings.slug as string) : '' });

  const reservations = doc.availability?.reservationDates ?? [];
  const overlap = refusedOverlap(reservations, server.previousReservations);
  if (overlap) {
    const [a, b] = overlap.map((index) => reservations[index]?.id);
    throw Errors.RESERVATION_OVERLAP(String(a), String(b));
  }
  const touched = bookingReservationsTouched(reservations, server.previousReservations);
  if (touched.length > 0) {
    // No race with the booking: cancelling it releases this reservation, a new version of the product that this write's compare-and-set then misses.
    const holding = await services.storage.bookings.holdingReservations(server.id, touched);
    const held = touched.find((item) => holding.has(item.id));
    if (held) throw Errors.RESERVATION_OF_BOOKING(held.id, held.bookingId);
  }
  return { doc, explicitSlug };
}
