import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { addDays, clockOf, dateText, dayStart, dayText, instantOf, knownZone, onClockOf } from './feed-time.js';

/**
 * One busy interval of an imported calendar: `from`/`to` are dates (`2027-03-10`, `to`
 * inclusive) for all-day events and UTC date-times (`2027-03-10T09:00:00.000Z`, half-open)
 * for timed ones, as reservations take them. Nothing else of the event is kept.
 */
export interface FeedBlock {
  /** The event's UID; for an occurrence of a recurring event, the UID and the occurrence's original start. */
  uid: string;
  from: string;
  to: string;
}

/** A feed that cannot be read: the text is not an iCalendar, is cut short, or expands past the limits. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface ParseOptions {
  /** The sync's time (epoch ms): events wholly before it are left out, occurrences are taken from it on. */
  now: number;
  /** How far ahead occurrences of recurring events are taken; default two years. */
  horizonYears?: number;
  /** At most this many blocks in one feed; more is a FeedError (a hostile RRULE must not exhaust memory). */
  maxBlocks?: number;
  /** At most this many recurrence steps in one feed, past occurrences included; more is a FeedError. */
  maxSteps?: number;
}

export const MAX_BLOCKS = 5_000;
export const MAX_STEPS = 100_000;
/** Longer UIDs are kept as a digest, so that a hostile feed cannot store megabytes per block. */
const MAX_UID_LENGTH = 255;

interface Limits {
  now: number;
  horizon: number;
  maxBlocks: number;
  maxSteps: number;
  steps: number;
}

/** What is read of one VEVENT's times and whether it counts. */
interface Occurrence {
  uid: string;
  item: ICAL.Event;
  start: ICAL.Time;
  end: ICAL.Time;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function uidOf(component: ICAL.Component): string {
  const uid = component.getFirstPropertyValue('uid');
  const text = typeof uid === 'string' ? uid.trim() : '';
  if (text === '') {
    // No UID (RFC 5545 requires one): its times and rule stand in, so the block keeps its uid across syncs.
    const parts = ['dtstart', 'dtend', 'duration', 'rrule'].map((name) => component.getFirstProperty(name)?.toICALString() ?? '');
    return `no-uid-${digest(parts.join('\n'))}`;
  }
  return text.length > MAX_UID_LENGTH ? `uid-${digest(text)}` : text;
}

const isCancelled = (component: ICAL.Component): boolean =>
  String(component.getFirstPropertyValue('status') ?? '').trim().toUpperCase() === 'CANCELLED';

const tzidOf = (component: ICAL.Component, name: string): string | undefined => {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
};

/** The compact form of an occurrence's original start, for its uid: `20270310` or `20270310T090000Z`. */
function occurrenceKey(time: ICAL.Time, tzid: string | undefined, calendarZone: string): string {
  if (time.isDate) return dateText(time).replaceAll('-', '');
  return new Date(instantOf(time, tzid, calendarZone)).toISOString().replace(/[-:]|\.\d{3}/g, '');
}

class FeedReader {
  readonly blocks: FeedBlock[] = [];
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly limits: Limits,
    private readonly calendarZone: string,
  ) {}

  /** Adds an occurrence's block unless it is over, zero-length or cancelled. */
  add(occurrence: Occurrence): void {
    const { item, start, end } = occurrence;
    if (isCancelled(item.component)) return;
    const block = start.isDate ? this.allDay(start, end) : this.timed(occurrence);
    if (!block) return;
    let uid = occurrence.uid;
    const count = (this.seen.get(uid) ?? 0) + 1;
    this.seen.set(uid, count);
    // A feed that repeats a UID (some do) still gives each event a block of its own.
    if (count > 1) uid = `${uid}#${count}`;
    this.blocks.push({ uid, ...block });
    if (this.blocks.length > this.limits.maxBlocks) {
      throw new FeedError(`The feed has more than ${this.limits.maxBlocks} events from now on (recurring ones counted up to two years ahead).`);
    }
  }

  /** Dates, `to` the day before DTEND (DTEND is exclusive); a DTEND not after DTSTART gives one day. */
  private allDay(start: ICAL.Time, end: ICAL.Time): { from: string; to: string } | undefined {
    const first = dayStart(start);
    // A DTEND with a time (a malformed mix) ends with the day it falls in.
    const endDay = end.isDate || (end.hour === 0 && end.minute === 0 && end.second === 0) ? dayStart(end) : addDays(dayStart(end), 1);
    const last = Math.max(first, addDays(endDay, -1));
    if (addDays(last, 1) <= this.limits.now) return undefined;
    return { from: dateText(start), to: dayText(last) };
  }

  private timed({ item, start, end }: Occurrence): { from: string; to: string } | undefined {
    const component = item.component;
    const startTzid = tzidOf(component, 'dtstart');
    const from = instantOf(start, startTzid, this.calendarZone);
    const to = instantOf(end, component.hasProperty('dtend') ? tzidOf(component, 'dtend') : startTzid, this.calendarZone);
    if (to <= from || to <= this.limits.now) return undefined;
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  }

  /** The start an occurrence would have, as an instant, to compare with the horizon. */
  instant(time: ICAL.Time, tzid: string | undefined): number {
    return time.isDate ? dayStart(time) : instantOf(time, tzid, this.calendarZone);
  }

  /** A master VEVENT with the overrides (RECURRENCE-ID) of its UID. */
  readEvent(master: ICAL.Component, overrides: ICAL.Component[]): void {
    if (isCancelled(master)) return;
    const uid = uidOf(master);
    alignToSeries(master, overrides, this.calendarZone);
    const event = new ICAL.Event(master, { exceptions: overrides });
    if (!event.isRecurring()) {
      const details = event.getOccurrenceDetails(event.startDate);
      this.add({ uid, item: details.item ?? event, start: details.startDate, end: details.endDate });
      return;
    }
    const startTzid = tzidOf(master, 'dtstart');
    const seen = new Set<string>();
    const occurrence = (next: ICAL.Time) => {
      const key = occurrenceKey(next, startTzid, this.calendarZone);
      if (seen.has(key)) return;
      seen.add(key);
      const details = event.getOccurrenceDetails(next);
      const item = details.item ?? event;
      const itemStart = this.instant(details.startDate, tzidOf(item.component, 'dtstart'));
      if (itemStart >= this.limits.horizon) return;
      this.add({ uid: `${uid}/${key}`, item, start: details.startDate, end: details.endDate });
    };
    // RFC 5545 §3.8.5.2: the recurrence set includes DTSTART. ical.js yields it with an RRULE, but
    // with RDATEs alone it yields only those: the first occurrence was lost (and double-booked).
    if (!master.hasProperty('rrule') && !excludes(master, event.startDate, startTzid, this.calendarZone)) occurrence(event.startDate);
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++this.limits.steps > this.limits.maxSteps) {
        throw new FeedError(`The feed's recurring events take more than ${this.limits.maxSteps} steps to expand.`);
      }
      if (this.instant(next, startTzid) >= this.limits.horizon) break;
      occurrence(next);
    }
  }

  /** An override whose series is not in the feed (Google publishes these for single invited instances). */
  readOrphan(override: ICAL.Component): void {
    const event = new ICAL.Event(override);
    const recurrenceId = event.recurrenceId;
    const key = recurrenceId ? `/${occurrenceKey(recurrenceId, tzidOf(override, 'recurrence-id'), this.calendarZone)}` : '';
    this.add({ uid: `${uidOf(override)}${key}`, item: event, start: event.startDate, end: event.endDate });
  }
}

/**
 * Writes the series' EXDATEs and its overrides' RECURRENCE-IDs on the clock of its DTSTART
 * where they use another (RFC 5545 §3.8.4.4, §3.8.5.1: they name an occurrence by its instant).
 * ical.js matches them by wall-clock value, which misses, for one, a RECURRENCE-ID in UTC of a
 * series whose TZID the feed gives no VTIMEZONE for: the moved occurrence stayed where it was
 * and its new time was free.
 */
function alignToSeries(master: ICAL.Component, overrides: ICAL.Component[], calendarZone: string): void {
  const start = master.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time) || start.isDate) return;
  const startTzid = tzidOf(master, 'dtstart');
  const clock = clockOf(start, startTzid, calendarZone);
  const align = (property: ICAL.Property) => {
    const tzid = property.getParameter('tzid');
    const own = typeof tzid === 'string' ? tzid : undefined;
    const values = property.getValues();
    if (!values.some((value) => value instanceof ICAL.Time && !value.isDate && clockOf(value, own, calendarZone) !== clock)) return;
    const aligned = values.map((value) => (value instanceof ICAL.Time && !value.isDate ? onClockOf(start, startTzid, calendarZone, instantOf(value, own, calendarZone)) : value));
    if (aligned.length === 1) property.setValue(aligned[0]);
    else property.setValues(aligned);
    if (startTzid === undefined) property.removeParameter('tzid');
    else property.setParameter('tzid', startTzid);
  };
  for (const property of master.getAllProperties('exdate')) align(property);
  for (const override of overrides) {
    const property = override.getFirstProperty('recurrence-id');
    if (property) align(property);
  }
}

/** Whether an EXDATE of the event names this occurrence. */
function excludes(master: ICAL.Component, time: ICAL.Time, tzid: string | undefined, calendarZone: string): boolean {
  const key = occurrenceKey(time, tzid, calendarZone);
  return master.getAllProperties('exdate').some((property) =>
    property.getValues().some((value) => value instanceof ICAL.Time && occurrenceKey(value, tzidOf(master, 'exdate') ?? tzid, calendarZone) === key),
  );
}

/** A VEVENT must have a usable DTSTART; reading it throws for malformed values, which the caller reports. */
function checkEvent(component: ICAL.Component): void {
  const start = component.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) throw new Error('a VEVENT has no DTSTART');
  for (const name of ['dtend', 'recurrence-id']) {
    const value = component.getFirstProperty(name)?.getFirstValue();
    if (value !== undefined && value !== null && !(value instanceof ICAL.Time)) throw new Error(`a VEVENT has an invalid ${name.toUpperCase()}`);
  }
}

function readCalendar(calendar: ICAL.Component, reader: (zone: string) => FeedReader): FeedBlock[] {
  const zone = knownZone(calendar.getFirstPropertyValue('x-wr-timezone') as string | null) ?? 'UTC';
  const feed = reader(zone);
  const masters: ICAL.Component[] = [];
  const overrides = new Map<string, ICAL.Component[]>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    checkEvent(component);
    if (component.hasProperty('recurrence-id')) {
      const uid = uidOf(component);
      overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    } else {
      masters.push(component);
    }
  }
  const related = new Set<string>();
  for (const master of masters) {
    const uid = uidOf(master);
    // A repeated master UID (a malformed feed) takes the overrides only once.
    const own = related.has(uid) ? [] : (overrides.get(uid) ?? []);
    related.add(uid);
    feed.readEvent(master, own);
  }
  for (const [uid, orphans] of overrides) {
    if (!related.has(uid)) for (const override of orphans) feed.readOrphan(override);
  }
  return feed.blocks;
}

const startOf = (block: FeedBlock): number => Date.parse(block.from.length === 10 ? `${block.from}T00:00:00Z` : block.from);

/**
 * The busy intervals of an iCalendar feed (RFC 5545) as of `now`: all-day and timed VEVENTs,
 * TZIDs with their VTIMEZONE or as IANA names, RRULE/RDATE/EXDATE and RECURRENCE-ID overrides
 * expanded up to two years ahead; cancelled events and events wholly in the past left out.
 * Throws a FeedError for anything that is not a whole, readable calendar (a truncated feed
 * must not free the time its missing events hold).
 */
export function parseFeed(text: string, options: ParseOptions): FeedBlock[] {
  const { now } = options;
  const horizonDate = new Date(now);
  horizonDate.setUTCFullYear(horizonDate.getUTCFullYear() + (options.horizonYears ?? 2));
  const limits: Limits = { now, horizon: horizonDate.getTime(), maxBlocks: options.maxBlocks ?? MAX_BLOCKS, maxSteps: options.maxSteps ?? MAX_STEPS, steps: 0 };
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new FeedError('The feed is empty.');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch (error) {
    throw new FeedError(`The feed is not a readable iCalendar (RFC 5545): ${(error as Error).message}.`);
  }
  // Several top-level components come as an array of them.
  const roots = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  if (!roots.every((root) => Array.isArray(root) && typeof root[0] === 'string')) throw new FeedError('The feed holds no VCALENDAR.');
  const blocks: FeedBlock[] = [];
  const shared = new Map<string, number>();
  for (const root of roots) {
    const calendar = new ICAL.Component(root as unknown[]);
    if (calendar.name !== 'vcalendar') throw new FeedError(`The feed is not a calendar: it holds a ${calendar.name.toUpperCase()}, not a VCALENDAR.`);
    try {
      for (const block of readCalendar(calendar, (zone) => new FeedReader(limits, zone))) {
        // UIDs stay unique across several VCALENDARs of one feed too.
        const count = (shared.get(block.uid) ?? 0) + 1;
        shared.set(block.uid, count);
        blocks.push(count > 1 ? { ...block, uid: `${block.uid}#${count}` } : block);
      }
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError(`The feed has an event that cannot be read: ${(error as Error).message}.`);
    }
    if (blocks.length > limits.maxBlocks) throw new FeedError(`The feed has more than ${limits.maxBlocks} events from now on.`);
  }
  return blocks.sort((a, b) => startOf(a) - startOf(b) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}
