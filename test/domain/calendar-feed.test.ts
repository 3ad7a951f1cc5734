import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FeedError, MAX_BLOCKS, parseFeed, type FeedBlock } from '../../src/domain/calendar/parse-feed.js';
import { parseFeedOffThread } from '../../src/calendars/parse-off-thread.js';
import { calendarFixture, fixtureYear } from '../helpers/calendar-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const Y1 = fixtureYear(1, now);

const parse = (name: string, at = now) => parseFeed(calendarFixture(name, at), { now: at });
const byUid = (blocks: FeedBlock[], uid: string) => blocks.filter((block) => block.uid === uid || block.uid.startsWith(`${uid}/`));
const iso = (ms: number) => new Date(ms).toISOString();

/** The EU's daylight-saving rule (last Sunday of March to last Sunday of October, at 01:00 UTC): Prague's offset, independently of any library. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}
function pragueToUtc(year: number, month: number, day: number, hour: number, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const summer = wall - 2 * HOUR >= lastSunday(year, 2) && wall - 2 * HOUR < lastSunday(year, 9);
  return wall - (summer ? 2 : 1) * HOUR;
}

/** A feed of the given VEVENT lines, each event's lines an array. */
const feed = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n');

/** `20270310` of an instant. */
const compactDay = (ms: number) => iso(ms).slice(0, 10).replaceAll('-', '');

describe('reading iCalendar feeds', () => {
  it("reads Airbnb's all-day reservations as dates, the last day being the one before DTEND, leaving past ones out", () => {
    assert.deepEqual(parse('airbnb.ics'), [
      { uid: '1418fb94e984-3f9a1c7e2b8d4a05b6e3f1d2c8a79b10@airbnb.com', from: `${Y1}-03-10`, to: `${Y1}-03-14` },
      { uid: '1418fb94e984-a0e4b7d13c2f4b9e8d6a5c3b1f0e7d92@airbnb.com', from: `${Y1}-03-15`, to: `${Y1}-03-17` },
      { uid: '7f662ec65913-5d1e9c0b8a7f46e3b2d4c6a8e0f13579@airbnb.com', from: `${Y1}-04-01`, to: `${Y1}-04-01` },
      { uid: '7f662ec65913-c4b3a29180f74e6d5c3b2a1908f7e6d5@airbnb.com', from: `${Y1}-07-01`, to: `${Y1}-07-31` },
    ]);
  });

  it("reads Booking.com's closed dates, across a year's end too", () => {
    assert.deepEqual(parse('booking-com.ics'), [
      { uid: '4be1f3c2a9d8e7f6b5a4c3d2e1f0a9b8@booking.com', from: `${Y1}-02-05`, to: `${Y1}-02-06` },
      { uid: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a49@booking.com', from: `${Y1}-02-20`, to: `${Y1}-02-20` },
      { uid: '0a1b2c3d4e5f60718293a4b5c6d7e8f9@booking.com', from: `${Y1}-12-28`, to: `${Y1 + 1}-01-02` },
    ]);
  });

  it("reads Google Calendar's timed events in their VTIMEZONE as UTC date-times, winter and summer", () => {
    const blocks = parse('google-calendar.ics');
    assert.deepEqual(byUid(blocks, '5k0q9v3m7r1t8c2b6n4x0z9w1y@google.com'), [
      { uid: '5k0q9v3m7r1t8c2b6n4x0z9w1y@google.com', from: `${Y1}-01-12T08:00:00.000Z`, to: `${Y1}-01-12T16:30:00.000Z` },
    ]);
    assert.deepEqual(byUid(blocks, '2h8d4f6j0l2n4p6r8t0v2x4z6b@google.com'), [
      { uid: '2h8d4f6j0l2n4p6r8t0v2x4z6b@google.com', from: `${Y1}-07-14T07:00:00.000Z`, to: `${Y1}-07-16T16:00:00.000Z` },
    ]);
    // All-day events are "free" (TRANSP:TRANSPARENT) by default in Google Calendar, and still block.
    assert.deepEqual(byUid(blocks, '3q5w7e9r1t3y5u7i9o1p3a5s7d@google.com'), [
      { uid: '3q5w7e9r1t3y5u7i9o1p3a5s7d@google.com', from: `${Y1}-06-01`, to: `${Y1}-06-03` },
    ]);
    assert.deepEqual(byUid(blocks, '6g4h2j0k8l6z4x2c0v8b6n4m2q@google.com'), [], 'a cancelled event blocks nothing');
    assert.deepEqual(byUid(blocks, '1a2s3d4f5g6h7j8k9l0z1x2c3v@google.com'), [], 'a past event is left out');
  });

  it('expands a weekly RRULE with its EXDATE, a moved and a cancelled instance, across the change to summer time', () => {
    const series = byUid(parse('google-calendar.ics'), '0r7t5y3u1i9o7p5a3s1d9f7g5h@google.com');
    const occurrence = (day: string, start: number, end: number, original = start) => ({
      uid: `0r7t5y3u1i9o7p5a3s1d9f7g5h@google.com/${compactDay(original)}T${iso(original).slice(11, 19).replaceAll(':', '')}Z`,
      from: iso(start),
      to: iso(end),
      day,
    });
    const weekly = (month: number, day: number) => occurrence(`${month}-${day}`, pragueToUtc(Y1, month, day, 8), pragueToUtc(Y1, month, day, 12));
    const expected = [
      weekly(3, 2),
      weekly(3, 9),
      // 16 March is an EXDATE; 23 March was moved to 10:00–14:00 and keeps its original start in its uid.
      occurrence('3-23', pragueToUtc(Y1, 3, 23, 10), pragueToUtc(Y1, 3, 23, 14), pragueToUtc(Y1, 3, 23, 8)),
      weekly(3, 30),
      // 6 April is cancelled.
      weekly(4, 13),
      weekly(4, 20),
    ].map(({ day: _day, ...block }) => block);
    assert.deepEqual(series, expected);
    assert.equal(series[0]?.from, `${Y1}-03-02T07:00:00.000Z`);
    assert.equal(series.at(-1)?.from, `${Y1}-04-20T06:00:00.000Z`);
  });

  it('counts DTSTART as the first occurrence of an event that recurs by RDATE alone (RFC 5545 §3.8.5.2), unless an EXDATE names it', () => {
    const year = Number(Y1);
    const timed = parseFeed(feed(['UID:rdate', `DTSTART:${year}0113T100000Z`, `DTEND:${year}0113T120000Z`, `RDATE:${year}0120T100000Z,${year}0127T100000Z`]), { now });
    assert.deepEqual(timed.map((block) => [block.from, block.to]), [
      [`${year}-01-13T10:00:00.000Z`, `${year}-01-13T12:00:00.000Z`],
      [`${year}-01-20T10:00:00.000Z`, `${year}-01-20T12:00:00.000Z`],
      [`${year}-01-27T10:00:00.000Z`, `${year}-01-27T12:00:00.000Z`],
    ]);
    assert.equal(new Set(timed.map((block) => block.uid)).size, 3);
    const allDay = parseFeed(feed(['UID:rdate-day', `DTSTART;VALUE=DATE:${year}0301`, `RDATE;VALUE=DATE:${year}0401`]), { now });
    assert.deepEqual(allDay.map((block) => [block.from, block.to]), [[`${year}-03-01`, `${year}-03-01`], [`${year}-04-01`, `${year}-04-01`]]);
    const excluded = parseFeed(feed(['UID:rdate-ex', `DTSTART:${year}0113T100000Z`, `DTEND:${year}0113T120000Z`, `RDATE:${year}0120T100000Z`, `EXDATE:${year}0113T100000Z`]), { now });
    assert.deepEqual(excluded.map((block) => block.from), [`${year}-01-20T10:00:00.000Z`]);
  });

  it('takes the occurrences of an open-ended RRULE from now to two years ahead, and no further', () => {
    const series = byUid(parse('google-calendar.ics'), '9m8n7b6v5c4x3z2l1k0j9h8g7f@google.com');
    const horizon = new Date(now);
    horizon.setUTCFullYear(horizon.getUTCFullYear() + 2);
    const expected: { from: string; to: string }[] = [];
    for (let week = 0; ; week++) {
      const wall = new Date(Date.UTC(fixtureYear(-1, now), 0, 5 + 7 * week));
      const start = pragueToUtc(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), 18);
      if (start >= horizon.getTime()) break;
      const end = start + 2 * HOUR;
      if (end > now) expected.push({ from: iso(start), to: iso(end) });
    }
    assert.ok(expected.length >= 104 && expected.length <= 106, `${expected.length} weeks`);
    assert.deepEqual(series.map(({ from, to }) => ({ from, to })), expected);
    assert.equal(new Set(series.map((block) => block.uid)).size, series.length, 'each occurrence has a uid of its own');
  });

  it('keeps nothing of a summary, description, location or attendee', () => {
    const text = JSON.stringify(parse('google-calendar.ics')) + JSON.stringify(parse('airbnb.ics'));
    for (const personal of ['Nováková', 'Dvořák', 'petr.dvorak', 'Depot', 'Reserved', 'Not available', 'HMB4K9WQ3R', '0937', 'Van hire']) {
      assert.ok(!text.includes(personal), personal);
    }
    for (const block of parse('google-calendar.ics')) assert.deepEqual(Object.keys(block).sort(), ['from', 'to', 'uid']);
  });

  it('reads a TZID without its VTIMEZONE as the IANA zone of that name', () => {
    assert.deepEqual(parse('tzid-without-vtimezone.ics'), [
      { uid: `weekly@example.org/${Y1}0105T150000Z`, from: `${Y1}-01-05T15:00:00.000Z`, to: `${Y1}-01-05T18:00:00.000Z` },
      { uid: 'winter@example.org', from: `${Y1}-01-12T08:00:00.000Z`, to: `${Y1}-01-12T16:30:00.000Z` },
      // 12 January is an EXDATE.
      { uid: `weekly@example.org/${Y1}0119T150000Z`, from: `${Y1}-01-19T15:00:00.000Z`, to: `${Y1}-01-19T18:00:00.000Z` },
      // DTSTART in Prague (+02:00), DTEND in New York (-04:00).
      { uid: 'summer@example.org', from: `${Y1}-07-14T07:00:00.000Z`, to: `${Y1}-07-14T13:00:00.000Z` },
    ]);
  });

  it('matches a RECURRENCE-ID or EXDATE in UTC to its occurrence of a series in a TZID without VTIMEZONE, and the reverse', () => {
    const year = Number(Y1);
    const prague = (day: number, hour: number) => iso(pragueToUtc(year, 2, day, hour));
    const utc = (day: number, hour: number) => iso(pragueToUtc(year, 2, day, hour)).replace(/[-:]|\.\d{3}/g, '');
    const master = ['UID:daily', `DTSTART;TZID=Europe/Prague:${year}0201T100000`, `DTEND;TZID=Europe/Prague:${year}0201T110000`, 'RRULE:FREQ=DAILY;COUNT=4', `EXDATE:${utc(4, 10)}`];
    const moved = ['UID:daily', `RECURRENCE-ID:${utc(2, 10)}`, `DTSTART:${year}0220T090000Z`, `DTEND:${year}0220T100000Z`];
    const cancelled = ['UID:daily', `RECURRENCE-ID:${utc(3, 10)}`, 'STATUS:CANCELLED', `DTSTART:${utc(3, 10)}`, `DTEND:${utc(3, 11)}`];
    const blocks = parseFeed(feed(master, moved, cancelled), { now });
    assert.deepEqual(blocks.map((block) => [block.from, block.to]), [
      [prague(1, 10), prague(1, 11)],
      [`${year}-02-20T09:00:00.000Z`, `${year}-02-20T10:00:00.000Z`],
    ]);
    // A series in UTC, its EXDATE and override in Prague time without a VTIMEZONE.
    const reverse = parseFeed(
      feed(
        ['UID:utc-daily', `DTSTART:${utc(1, 10)}`, `DTEND:${utc(1, 11)}`, 'RRULE:FREQ=DAILY;COUNT=3', `EXDATE;TZID=Europe/Prague:${year}0202T100000`],
        ['UID:utc-daily', `RECURRENCE-ID;TZID=Europe/Prague:${year}0203T100000`, `DTSTART:${year}0221T090000Z`, `DTEND:${year}0221T100000Z`],
      ),
      { now },
    );
    assert.deepEqual(reverse.map((block) => block.from), [prague(1, 10), `${year}-02-21T09:00:00.000Z`]);
  });

  it("prefers the feed's own VTIMEZONE to any zone of that name", () => {
    assert.deepEqual(parse('custom-vtimezone.ics').map(({ from, to }) => [from, to]), [[`${Y1}-05-05T09:00:00.000Z`, `${Y1}-05-05T12:00:00.000Z`]]);
  });

  it('reads floating times in the calendar’s X-WR-TIMEZONE, else in UTC', () => {
    const event = ['UID:f', `DTSTART:${Y1}0112T090000`, `DTEND:${Y1}0112T100000`];
    const withZone = feed(event).replace('PRODID:-//Test//Feed//EN', 'PRODID:-//Test//Feed//EN\r\nX-WR-TIMEZONE:Europe/Prague');
    assert.equal(parseFeed(withZone, { now })[0]?.from, `${Y1}-01-12T08:00:00.000Z`);
    assert.equal(parseFeed(feed(event), { now })[0]?.from, `${Y1}-01-12T09:00:00.000Z`);
  });

  it('gives an all-day event without DTEND one day, and reads DURATION', () => {
    const blocks = parseFeed(
      feed(
        ['UID:one-day', `DTSTART;VALUE=DATE:${Y1}0301`],
        ['UID:three-days', `DTSTART;VALUE=DATE:${Y1}0305`, 'DURATION:P3D'],
        ['UID:same-day-end', `DTSTART;VALUE=DATE:${Y1}0310`, `DTEND;VALUE=DATE:${Y1}0310`],
        ['UID:timed-duration', `DTSTART:${Y1}0312T100000Z`, 'DURATION:PT90M'],
        ['UID:zero-length', `DTSTART:${Y1}0313T100000Z`],
      ),
      { now },
    );
    assert.deepEqual(blocks, [
      { uid: 'one-day', from: `${Y1}-03-01`, to: `${Y1}-03-01` },
      { uid: 'three-days', from: `${Y1}-03-05`, to: `${Y1}-03-07` },
      { uid: 'same-day-end', from: `${Y1}-03-10`, to: `${Y1}-03-10` },
      { uid: 'timed-duration', from: `${Y1}-03-12T10:00:00.000Z`, to: `${Y1}-03-12T11:30:00.000Z` },
    ]);
  });

  it('leaves out what is wholly past and keeps what is still going on', () => {
    const at = Date.UTC(2030, 5, 15, 12);
    const blocks = parseFeed(
      feed(
        ['UID:ended-yesterday', 'DTSTART;VALUE=DATE:20300610', 'DTEND;VALUE=DATE:20300615'],
        ['UID:ends-today', 'DTSTART;VALUE=DATE:20300614', 'DTEND;VALUE=DATE:20300616'],
        ['UID:ended-an-hour-ago', 'DTSTART:20300615T090000Z', 'DTEND:20300615T110000Z'],
        ['UID:ends-at-noon', 'DTSTART:20300615T100000Z', 'DTEND:20300615T120000Z'],
        ['UID:going-on', 'DTSTART:20300615T110000Z', 'DTEND:20300615T130000Z'],
        ['UID:daily', 'DTSTART;VALUE=DATE:20300601', 'RRULE:FREQ=DAILY;COUNT=20', 'EXDATE;VALUE=DATE:20300616,20300618'],
      ),
      { now: at },
    );
    assert.deepEqual(blocks, [
      { uid: 'ends-today', from: '2030-06-14', to: '2030-06-15' },
      { uid: 'daily/20300615', from: '2030-06-15', to: '2030-06-15' },
      { uid: 'going-on', from: '2030-06-15T11:00:00.000Z', to: '2030-06-15T13:00:00.000Z' },
      { uid: 'daily/20300617', from: '2030-06-17', to: '2030-06-17' },
      { uid: 'daily/20300619', from: '2030-06-19', to: '2030-06-19' },
      { uid: 'daily/20300620', from: '2030-06-20', to: '2030-06-20' },
    ]);
  });

  it('keeps the uids of the same occurrences from one sync to the next', () => {
    const first = parse('google-calendar.ics', now);
    const later = parse('google-calendar.ics', now + 30 * DAY);
    const uids = new Map(first.map((block) => [block.uid, block]));
    const kept = later.filter((block) => uids.has(block.uid));
    assert.ok(kept.length > 90, `${kept.length}`);
    for (const block of kept) assert.deepEqual(uids.get(block.uid), block);
  });

  it('gives repeated UIDs and events without one uids of their own, the same on every read', () => {
    const text = feed(
      ['UID:twice', `DTSTART;VALUE=DATE:${Y1}0301`],
      ['UID:twice', `DTSTART;VALUE=DATE:${Y1}0305`],
      [`DTSTART;VALUE=DATE:${Y1}0310`, `DTEND;VALUE=DATE:${Y1}0312`],
      [`UID:${'x'.repeat(5000)}`, `DTSTART;VALUE=DATE:${Y1}0320`],
    );
    const blocks = parseFeed(text, { now });
    assert.deepEqual(blocks.map((block) => block.uid).slice(0, 2), ['twice', 'twice#2']);
    assert.match(blocks[2]?.uid ?? '', /^no-uid-[0-9a-f]{32}$/);
    assert.match(blocks[3]?.uid ?? '', /^uid-[0-9a-f]{32}$/);
    assert.deepEqual(parseFeed(text, { now: now + DAY }), blocks);
  });

  it('reads a feed with LF line ends, a byte-order mark and no events', () => {
    assert.equal(parse('tzid-without-vtimezone.ics').length, 4);
    assert.deepEqual(parseFeed(`\uFEFF${calendarFixture('booking-com.ics', now)}`, { now }), parse('booking-com.ics'));
    assert.deepEqual(parse('empty-calendar.ics'), []);
  });

  it('refuses malformed and truncated feeds with a clear error, never a partial result', () => {
    const cases: [string, RegExp][] = [
      ['truncated-mid-event.ics', /not a readable iCalendar.*did not end/],
      ['truncated-between-events.ics', /not a readable iCalendar.*did not end/],
      ['bad-date.ics', /event that cannot be read.*invalid date-time/],
      ['no-dtstart.ics', /event that cannot be read.*no DTSTART/],
      ['not-a-calendar.html', /not a readable iCalendar/],
      ['vcard.vcf', /not a calendar: it holds a VCARD/],
    ];
    for (const [name, message] of cases) {
      assert.throws(() => parse(name), (error: unknown) => error instanceof FeedError && message.test(error.message), name);
    }
    for (const text of ['', '   \r\n', 'BEGIN:VCALENDAR', 'END:VCALENDAR', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2027'.slice(0, 40)]) {
      assert.throws(() => parseFeed(text, { now }), FeedError, JSON.stringify(text));
    }
  });

  it('never throws anything but a FeedError, whatever the bytes', () => {
    const whole = calendarFixture('google-calendar.ics', now);
    for (let cut = 0; cut < whole.length; cut += 97) {
      try {
        parseFeed(whole.slice(0, cut), { now });
      } catch (error) {
        assert.ok(error instanceof FeedError, `cut at ${cut}: ${String(error)}`);
      }
    }
  });

  it('stops a feed that expands past its limits', () => {
    assert.throws(() => parse('rrule-hourly.ics'), (error: unknown) => error instanceof FeedError && error.message.includes(`more than ${MAX_BLOCKS} events`));
    const secondly = calendarFixture('rrule-secondly.ics', now);
    assert.throws(() => parseFeed(secondly, { now, maxSteps: 5_000 }), /more than 5000 steps/);
  });
});

describe('reading a feed on a thread of its own', () => {
  it('answers what parseFeed answers', async () => {
    const text = calendarFixture('google-calendar.ics', now);
    assert.deepEqual(await parseFeedOffThread(text, { now }), parseFeed(text, { now }));
    await assert.rejects(parseFeedOffThread(calendarFixture('truncated-mid-event.ics', now), { now }), (error: unknown) => error instanceof FeedError && /did not end/.test(error.message));
  });

  it('gives up on a recurrence rule that never matches (ical.js would loop for ever)', async () => {
    const started = Date.now();
    await assert.rejects(parseFeedOffThread(calendarFixture('rrule-never.ics', now), { now }, 1_500), (error: unknown) => error instanceof FeedError && /took longer than 1.5 s/.test(error.message));
    assert.ok(Date.now() - started < 10_000);
    // The event loop was free meanwhile, and the service reads the next feed as before.
    assert.equal((await parseFeedOffThread(calendarFixture('booking-com.ics', now), { now })).length, 3);
  });
});
