import { useMemo, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { statusOf } from '../errors.js';
import { runAction } from '../api/products.js';
import { addDays, daysOf, monthGrid, today, type Interval } from './calendar-days.js';
import type { ProductSection } from './product-screens.js';

/**
 * A month of one product: its reservations by day; choose a first and a last day to reserve
 * them, release a reservation from the list. The quote of the chosen days, bookings, imported
 * blocks and buffers join this view as the availability and quote endpoints land.
 */
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
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const reservations = (loaded.product.availability.reservationDates as Interval[]).map((item) => ({ ...item, ...daysOf(item) }));
  const reservedOn = (day: string) => reservations.find((item) => item.first <= day && day <= item.last);
  const monthFirst = `${shown}-01`;
  const monthLast = weeks.at(-1)?.at(-1) ?? monthFirst;
  const inMonth = reservations.filter((item) => item.last >= monthFirst && item.first <= monthLast).sort((a, b) => a.first.localeCompare(b.first));

  const from = anchor && end ? (anchor < end ? anchor : end) : anchor;
  const to = anchor && end ? (anchor < end ? end : anchor) : anchor;
  const selectedOn = (day: string) => from !== null && to !== null && from <= day && day <= to;

  const goMonth = (by: number) => {
    const date = new Date(Date.UTC(year, month + by, 1));
    const next = date.toISOString().slice(0, 7);
    setFocus(`${next}-01`);
    route(`${path}?month=${next}`, true);
  };
  const choose = (day: string) => {
    setNotice(null);
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
    if (!from || !to) return;
    setBusy(true);
    setFailure(null);
    try {
      await runAction(loaded.product.id, 'reserve', { from, to, ...(note.trim() ? { note: note.trim() } : {}) });
      await reload();
      clear();
      setNote('');
      setNotice(t('calendar.reservedDone'));
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
      await reload();
      setNotice(t('calendar.released'));
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
                const label = t(reserved ? 'calendar.dayReserved' : 'calendar.dayFree', { date: i18n.date(day) });
                const classes = ['day', reserved ? 'reserved' : 'free', selectedOn(day) ? 'selected' : '', day.slice(0, 7) !== shown ? 'outside' : '', day === now ? 'today' : ''];
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
          <span class="swatch selected" /> {t('calendar.selected')}
        </li>
      </ul>
      {from && to && (
        <form class="reserve" onSubmit={reserve}>
          <p role="status">{t('calendar.selection', { from: i18n.date(from), to: i18n.date(to) })}</p>
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
                {i18n.date(item.from)} – {i18n.date(item.to)}
              </span>
              {item.note && <span class="muted"> {item.note}</span>}
              <button type="button" disabled={busy} onClick={() => release(item)} aria-label={t('calendar.releaseLabel', { from: i18n.date(item.from), to: i18n.date(item.to) })}>
                {t('calendar.release')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
