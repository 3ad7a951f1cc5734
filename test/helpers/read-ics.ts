import assert from 'node:assert/strict';
import ICAL from 'ical.js';

/** One VEVENT as a calendar client reads it: DTSTART/DTEND as written (`20270310` or `20270310T080000Z`). */
export interface ReadEvent {
  uid: string;
  summary: string | undefined;
  description: string | undefined;
  start: string;
  end: string;
  stamp: string;
  /** Whether DTSTART and DTEND are DATE values (`DTSTART;VALUE=DATE:…`). */
  allDay: boolean;
  /** Every property name the event has, in order. */
  properties: string[];
}

/** The raw value of a date or date-time property as it stands in the text, unfolded. */
function rawValue(component: ICAL.Component, name: string): string {
  const property = component.getFirstProperty(name);
  assert.ok(property, `${name} is missing`);
  const text = property.toICALString();
  return text.slice(text.lastIndexOf(':') + 1);
}

/**
 * Reads an exported feed with ical.js (a parser independent of the library that wrote it) and
 * checks the RFC 5545 form a strict client expects: CRLF line ends (the last line's too),
 * lines of at most 75 octets, VERSION:2.0, a PRODID, and a UID and DTSTAMP on every event.
 */
export function readIcs(text: string): { calendar: ICAL.Component; events: ReadEvent[] } {
  assert.ok(text.endsWith('\r\n'), 'the last line ends with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    assert.ok(!line.includes('\n') && !line.includes('\r'), `a bare line break in ${JSON.stringify(line)}`);
    assert.ok(Buffer.byteLength(line) <= 75, `a line of ${Buffer.byteLength(line)} octets: ${line}`);
  }
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  const calendar = new ICAL.Component(ICAL.parse(text));
  assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
  assert.match(String(calendar.getFirstPropertyValue('prodid')), /^-\/\/.+\/\/.+\/\/[A-Z]{2}$/);
  const events = calendar.getAllSubcomponents('vevent').map((event): ReadEvent => {
    const uid = event.getFirstPropertyValue('uid');
    assert.equal(typeof uid, 'string');
    const stamp = rawValue(event, 'dtstamp');
    assert.match(stamp, /^\d{8}T\d{6}Z$/, 'DTSTAMP is in UTC');
    const summary = event.getFirstPropertyValue('summary');
    const description = event.getFirstPropertyValue('description');
    return {
      uid: uid as string,
      summary: summary === null ? undefined : String(summary),
      description: description === null ? undefined : String(description),
      start: rawValue(event, 'dtstart'),
      end: rawValue(event, 'dtend'),
      stamp,
      allDay: event.getFirstProperty('dtstart')?.type === 'date' && event.getFirstProperty('dtend')?.type === 'date',
      properties: event.getAllProperties().map((property) => property.name),
    };
  });
  return { calendar, events };
}

/** A reservation's `from`/`to` as the feed must write them: all-day with an exclusive end, or UTC. */
export function expectedTimes(from: string, to: string): { start: string; end: string } {
  const compact = (ms: number, date: boolean) => {
    const iso = new Date(ms).toISOString();
    return date ? iso.slice(0, 10).replaceAll('-', '') : `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
  };
  if (from.length === 10 && to.length === 10) {
    return { start: compact(Date.parse(`${from}T00:00:00Z`), true), end: compact(Date.parse(`${to}T00:00:00Z`) + 86_400_000, true) };
  }
  const start = from.length === 10 ? Date.parse(`${from}T00:00:00Z`) : Date.parse(from);
  const end = to.length === 10 ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : Date.parse(to);
  return { start: compact(start, false), end: compact(end, false) };
}
