import { useEffect, useMemo, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { statusOf } from '../errors.js';
import { runAction } from '../api/products.js';
import { availabilityOf, quoteOf, type Availability } from '../api/bookings.js';
import { useLoad } from '../components/use-load.js';
import { productOf, useLiveReload } from '../live.js';
import { QuoteBox } from './quote-box.js';
import { addDays, daysOf, monthGrid, today, type Interval } from './calendar-days.js';
import type { ProductSection } from './product-screens.js';

type Kind = Availability['busy'][number]['kind'];
/** Of the kinds that touch a day, the one shown: a reservation before an imported block before a buffer (as the API merges them). */
const KIND_ORDER: Kind[] = ['reserved', 'external', 'buffer'];

/** The busy kinds of each UTC day of the availability answer, and whether the whole day is taken. */
function dayKinds(availability: Availability | undefined): Map<string, { kind: Kind; whole: boolean }> {
  const byDay = new Map<string, { kind: Kind; whole: boolean }>();
  if (!availability) return byDay;
  const status = new Map(availability.days.map((day) => [day.date, day.status]));
  for (const day of availability.days) {
    const start = Date.parse(`${day.date}T00:00:00Z`);
    const end = start + 86_400_000;
    const kinds = availability.busy.filter((item) => Date.parse(item.from) < end && Date.parse(item.to) > start).map((item) => item.kind);
    const kind = KIND_ORDER.find((candidate) => kinds.includes(candidate));
    if (kind) byDay.set(day.date, { kind, whole: status.get(day.date) === 'busy' });
  }
  return byDay;
}

/**
 * A month of one product: reservations, confirmed bookings, imported blocks and buffers by day
 * (GET /api/products/:id/availability); choose a first and a last day to see their quote and
 * reserve them, release a reservation from the list.
 */
const DAY_KEYS = { reserved: 'calendar.dayReserved', external: 'calendar.dayExternal', buffer: 'calendar.dayBuffer' } as const;
const KIND_KEYS = { reserved: 'calendar.reserved', external: 'calendar.external', buffer: 'calendar.buffer' } as const;

export function Calendar({ loaded, reload }: ProductSection) {
  const i18n = useI18n();
  const { t } = i18n;
  const { query, path, route } = useLocation();
  const now = today();
  const shown = /^\d{4}-\d{2}$/.test(query.month ?? '') ? (query.month as string) : now.slice(0, 7);
  const year = Number(shown.slice(0, 4));
  const month = Number(shown.slice(5, 7)) - 1;
  const weeks = useMemo(() => monthGrid(year, month, i18n.firstDay), [year, month, i18n.firstDay]);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [focus, setFocus] = useState<string>(now.slice(0, 7) === shown ? now : `${shown}-01`);
  const [note, setNote] = useState('');
  // Times of day on the first and the last chosen day (a rental by the hour): the reservation is then in date-times (SPEC 2).
  const [timed, setTimed] = useState(false);
  const [fromTime, setFromTime] = useState('09:00');
  const [toTime, setToTime] = useState('17:00');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** A notice held back until the day statuses of the product's version `of` are shown, so that the grid agrees with it. */
  const [pending, setPending] = useState<{ text: string; of: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const reservations = (loaded.product.availability.reservationDates as (Interval & { source?: string; bookingId?: string })[]).map((item) => ({ ...item, ...daysOf(item) }));
  const reservedOn = (day: string) => reservations.find((item) => item.first <= day && day <= item.last);
  const monthFirst = `${shown}-01`;
  const gridFirst = weeks[0]?.[0] ?? monthFirst;
  const monthLast = weeks.at(-1)?.at(-1) ?? monthFirst;
  // A change to the product (its updatedAt) reads the month again: the statuses are then of that version (`of`).
  const version = loaded.product.updatedAt;
  const [availability, reloadAvailability, , refreshAvailability] = useLoad(
    () => availabilityOf(loaded.product.id, gridFirst, monthLast).then((days) => ({ ...days, of: version })),
    [loaded.product.id, gridFirst, monthLast, version],
  );
  useEffect(() => {
    if (!pending) return;
    // A failed read says so beside the notice; the change itself was made.
    if (availability.status === 'failed' || (availability.status === 'ready' && availability.data.of === pending.of)) {
      setNotice(pending.text);
      setPending(null);
    }
  }, [pending, availability]);
  // Bookings confirmed and imports synced elsewhere change the month; the product's own events reload it through the product.
  useLiveReload((event) => productOf(event) === loaded.product.id && (event.type.startsWith('booking.') || event.type.startsWith('calendar.')), refreshAvailability);
  const kinds = useMemo(() => dayKinds(availability.data), [availability.data]);
  // A reservation in date-times (SPEC 2: half-open, e.g. hours) shows its times; one in dates, its days.
  const when = (value: string) => (value.includes('T') ? i18n.dateTime(value) : i18n.date(value));
  const inMonth = reservations.filter((item) => item.last >= monthFirst && item.first <= monthLast).sort((a, b) => a.first.localeCompare(b.first));

  const from = anchor && end ? (anchor < end ? anchor : end) : anchor;
  const to = anchor && end ? (anchor < end ? end : anchor) : anchor;
  /** A day and a time of day in the browser's zone, as the instant the API takes. */
  const instant = (day: string, time: string) => new Date(`${day}T${time}:00`).toISOString();
  /** What is reserved and quoted: the chosen days, or from a time on the first to a time on the last. */
  const asked = from && to ? (timed && fromTime && toTime ? { from: instant(from, fromTime), to: instant(to, toTime) } : { from, to }) : null;
  const selectedOn = (day: string) => from !== null && to !== null && from <= day && day <= to;
  const [quote, setQuote] = useState<{ key: string; state: 'loading' | 'failed' | 'ready'; data?: Awaited<ReturnType<typeof quoteOf>>; error?: unknown } | null>(null);
  useEffect(() => {
    if (!asked) return setQuote(null);
    const key = `${asked.from}/${asked.to}`;
    let current = true;
    setQuote({ key, state: 'loading' });
    quoteOf(loaded.product.id, asked.from, asked.to).then(
      (data) => current && setQuote({ key, state: 'ready', data }),
      (error: unknown) => current && setQuote({ key, state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [asked?.from, asked?.to, loaded.product.id, loaded.product.updatedAt]);

  const goMonth = (by: number) => {
    const date = new Date(Date.UTC(year, month + by, 1));
    const next = date.toISOString().slice(0, 7);
    setFocus(`${next}-01`);
    route(`${path}?month=${next}`, true);
  };
  const choose = (day: string) => {
    setNotice(null);
    setPending(null);
    setFailure(null);
    if (anchor === null || end !== null) {
      setAnchor(day);
      setEnd(null);
    } else {
      setEnd(day);
    }
  };
  const clear = () => {
    setAnchor(null);
    setEnd(null);
  };
  const onKey = (event: KeyboardEvent, day: string) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const by = moves[event.key];
    if (by === undefined) return;
    event.preventDefault();
    const next = addDays(day, by);
    setFocus(next);
    if (next.slice(0, 7) !== shown) route(`${path}?month=${next.slice(0, 7)}`, true);
    // At once when the day is shown (a fast typist's next key goes to it), else once the next month is drawn.
    const shownDay = document.querySelector<HTMLButtonElement>(`[data-day="${next}"]`);
    if (shownDay && next.slice(0, 7) === shown) shownDay.focus();
    else requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus());
  };

  const reserve = async (event: Event) => {
    event.preventDefault();
    if (!asked) return;
    setBusy(true);
    setFailure(null);
    try {
      await runAction(loaded.product.id, 'reserve', { ...asked, ...(note.trim() ? { note: note.trim() } : {}) });
      const changed = await reload();
      clear();
      setNote('');
      setPending({ text: t('calendar.reservedDone'), of: changed.product.updatedAt });
    } catch (error) {
      setFailure(statusOf(error) === 409 ? new Error(t('calendar.overlap')) : error);
    } finally {
      setBusy(false);
    }
  };
  const release = async (item: Interval & { first: string; last: string }) => {
    if (!window.confirm(t('calendar.confirmRelease', { from: i18n.date(item.from), to: i18n.date(item.to) }))) return;
    setBusy(true);
    setFailure(null);
    try {
      await runAction(loaded.product.id, 'release', { reservationId: item.id });
      const changed = await reload();
      setPending({ text: t('calendar.released'), of: changed.product.updatedAt });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const weekdays = Array.from({ length: 7 }, (_, index) => i18n.weekdays[(i18n.firstDay + index) % 7] as string);
  const tabbable = weeks.flat().includes(focus) ? focus : monthFirst;

  return (
    <div class="calendar">
      <div class="calendar-head">
        <button type="button" onClick={() => goMonth(-1)} aria-label={t('calendar.previous')}>
          ‹
        </button>
        <h2 aria-live="polite">{i18n.month(year, month)}</h2>
        <button type="button" onClick={() => goMonth(1)} aria-label={t('calendar.next')}>
          ›
        </button>
        <button type="button" onClick={() => route(path, true)}>
          {t('calendar.today')}
        </button>
      </div>
      <p class="hint" id="calendar-help">
        {t('calendar.help')}
      </p>
      <Notice text={notice} />
      {failure instanceof Error && !('status' in failure) ? (
        <p class="notice notice-error" role="alert">
          {failure.message}
        </p>
      ) : (
        <ErrorMessage error={failure} />
      )}
      {availability.status === 'failed' && <ErrorMessage error={availability.error} retry={reloadAvailability} />}
      <table class="month" aria-describedby="calendar-help">
        <caption class="sr-only">{i18n.month(year, month)}</caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const reserved = reservedOn(day);
                // The availability answer knows bookings' and imports' time and buffers; until it comes, the product's reservations.
                const busy = kinds.get(day) ?? (reserved && !availability.data ? { kind: reserved.source === 'ical' ? ('external' as const) : ('reserved' as const), whole: true } : undefined);
                const label = busy ? t(busy.whole ? DAY_KEYS[busy.kind] : 'calendar.dayPartly', { date: i18n.date(day), what: t(KIND_KEYS[busy.kind]) }) : t('calendar.dayFree', { date: i18n.date(day) });
                const classes = ['day', busy ? busy.kind : 'free', busy && !busy.whole ? 'partial' : '', selectedOn(day) ? 'selected' : '', day.slice(0, 7) !== shown ? 'outside' : '', day === now ? 'today' : ''];
                return (
                  <td key={day}>
                    <button
                      type="button"
                      class={classes.join(' ')}
                      data-day={day}
                      tabIndex={day === tabbable ? 0 : -1}
                      aria-label={label}
                      aria-pressed={selectedOn(day)}
                      aria-current={day === now ? 'date' : undefined}
                      title={reserved?.note}
                      onClick={() => {
                        setFocus(day);
                        choose(day);
                      }}
                      onKeyDown={(event) => onKey(event, day)}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul class="legend" aria-label={t('calendar.legend')}>
        <li>
          <span class="swatch free" /> {t('calendar.free')}
        </li>
        <li>
          <span class="swatch reserved" /> {t('calendar.reserved')}
        </li>
        <li>
          <span class="swatch external" /> {t('calendar.external')}
        </li>
        <li>
          <span class="swatch buffer" /> {t('calendar.buffer')}
        </li>
        <li>
          <span class="swatch selected" /> {t('calendar.selected')}
        </li>
      </ul>
      {from && to && (
        <form class="reserve" onSubmit={reserve}>
          <p role="status">{t('calendar.selection', { from: i18n.date(from), to: i18n.date(to) })}</p>
          <div class="field field-check">
            <input id="reservation-timed" type="checkbox" checked={timed} onChange={(event) => setTimed(event.currentTarget.checked)} />
            <label for="reservation-timed">{t('calendar.timed')}</label>
          </div>
          {timed && (
            <div class="times">
              <div class="field">
                <label for="reservation-from-time">{t('calendar.fromTime', { day: i18n.date(from) })}</label>
                <input id="reservation-from-time" type="time" value={fromTime} onInput={(event) => setFromTime(event.currentTarget.value)} />
              </div>
              <div class="field">
                <label for="reservation-to-time">{t('calendar.toTime', { day: i18n.date(to) })}</label>
                <input id="reservation-to-time" type="time" value={toTime} onInput={(event) => setToTime(event.currentTarget.value)} />
              </div>
            </div>
          )}
          <QuoteBox quote={quote && asked && quote.key === `${asked.from}/${asked.to}` ? quote : { key: '', state: 'loading' }} />
          <div class="field">
            <label for="reservation-note">{t('calendar.note')}</label>
            <input id="reservation-note" value={note} maxLength={2000} onInput={(event) => setNote(event.currentTarget.value)} />
          </div>
          <button type="submit" class="primary" disabled={busy}>
            {t('calendar.reserve')}
          </button>
          <button type="button" onClick={clear}>
            {t('calendar.cancelSelection')}
          </button>
        </form>
      )}
      <h3>{t('calendar.list')}</h3>
      {inMonth.length === 0 ? (
        <p class="empty">{t('calendar.none')}</p>
      ) : (
        <ul class="reservations">
          {inMonth.map((item) => (
            <li key={item.id}>
              <span>
                {when(item.from)} – {when(item.to)}
              </span>
              {item.note && <span class="muted"> {item.note}</span>}
              {item.source === 'ical' && <span class="badge badge-off">{t('calendar.imported')}</span>}
              {item.bookingId && (
                <a href={`/admin/bookings/${encodeURIComponent(item.bookingId)}`} aria-label={t('calendar.bookingLabel', { from: when(item.from), to: when(item.to) })}>
                  {t('calendar.booking')}
                </a>
              )}
              {item.source !== 'ical' && !item.bookingId && (
                <button type="button" disabled={busy} onClick={() => release(item)} aria-label={t('calendar.releaseLabel', { from: when(item.from), to: when(item.to) })}>
                  {t('calendar.release')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
