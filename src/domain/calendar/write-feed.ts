import ical, { ICalCalendarMethod } from 'ical-generator';
import { parseBoundary } from '../reservations.js';

/** One VEVENT of an exported feed: a reservation's interval and what the feed may say of it. */
export interface FeedEntry {
  uid: string;
  /** As reservations take them: dates (`to` inclusive) or date-times with offset. */
  from: string;
  to: string;
  /** DTSTAMP: when the reservation's product last changed, so that an unchanged feed keeps its bytes (and ETag). */
  stamp: string;
  summary: string;
  description?: string;
}

const PRODUCT_ID = { company: 'Rental Catalogue', product: 'Rental Catalogue Service', language: 'EN' };

/** A reservation's UID: its product and its own id, both stable for its life. */
export const reservationUid = (productId: string, reservationId: string): string => `${reservationId}.${productId}@rental-catalogue`;

const isDate = (text: string) => text.length === 10;

/**
 * A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon and comma escaped, a line
 * break as `\n`, other control characters dropped. ical-generator escapes the events' texts but
 * writes the calendar's NAME and X-WR-CALNAME as given: a business name with a comma broke the
 * feed, and one with CRLF in it could add lines (a forged VEVENT) to it.
 */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/**
 * An iCalendar feed (RFC 5545, CRLF, folded lines, PRODID, VERSION) of the entries: dates as
 * all-day events whose DTEND is the day after the last day, date-times in UTC.
 */
export function writeFeed(entries: readonly FeedEntry[], name?: string): string {
  const calendar = ical({ prodId: PRODUCT_ID, method: ICalCalendarMethod.PUBLISH, ...(name ? { name: escapeText(name) } : {}) });
  for (const entry of entries) {
    const start = parseBoundary(entry.from, 'start');
    const end = parseBoundary(entry.to, 'end');
    // Stored reservations were validated; one that no longer reads is left out rather than failing the feed.
    if (start === undefined || end === undefined || end <= start) continue;
    calendar.createEvent({
      id: entry.uid,
      start: new Date(start),
      end: new Date(end),
      allDay: isDate(entry.from) && isDate(entry.to),
      stamp: new Date(entry.stamp),
      summary: entry.summary,
      ...(entry.description ? { description: entry.description } : {}),
    });
  }
  // RFC 5545 ends every line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
