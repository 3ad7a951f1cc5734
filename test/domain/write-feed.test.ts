import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import { writeFeed } from '../../src/domain/calendar/write-feed.js';

describe('exported feeds', () => {
  it("escape the calendar's name as RFC 5545 TEXT: no line of it can be added to the feed", () => {
    const name = 'Shop, Inc; "X" \\ ok\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\nUID:injected';
    const feed = writeFeed([{ uid: 'r1.p1@rental-catalogue', from: '2027-01-01', to: '2027-01-02', stamp: '2026-11-29T10:00:00.000Z', summary: 'Reserved' }], name);
    const lines = feed.split('\r\n');
    assert.equal(lines.filter((line) => line === 'BEGIN:VEVENT').length, 1, 'the one reservation only');
    assert.equal(lines.filter((line) => line.startsWith('END:VCALENDAR')).length, 1);
    assert.ok(!/[^\r]\n/.test(feed), 'no bare line feed');
    assert.ok(lines.includes('NAME:Shop\\, Inc\\; "X" \\\\ ok\\nEND:VCALENDAR\\nBEGIN:VEVENT\\nUID:injected'), feed);
    // A parser reads it whole: one calendar, one event, the name one property.
    const calendar = new ICAL.Component(ICAL.parse(feed));
    assert.equal(calendar.getAllSubcomponents('vevent').length, 1);
    assert.equal(calendar.getAllProperties('x-wr-calname').length, 1);
  });
});
