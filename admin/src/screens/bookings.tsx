import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n, type I18n } from '../i18n/i18n.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { useLoad } from '../components/use-load.js';
import { useLiveReload } from '../live.js';
import { bookingProduct, listBookings, type Booking } from '../api/bookings.js';
import { span } from './import-bits.js';
import { today } from './calendar-days.js';
import { BookingActions, BookingStatus } from './booking-actions.js';
import type { MessageKey } from '../i18n/en.js';

const PAGE_SIZE = 25;
const VIEWS = ['requests', 'upcoming', 'past'] as const;
type View = (typeof VIEWS)[number];
const VIEW_KEYS: Record<View, MessageKey> = { requests: 'bookings.requests', upcoming: 'bookings.upcoming', past: 'bookings.past' };

/** What each view lists, and in which order: requests oldest first (they expire), upcoming soonest first, past latest first. */
function queryOf(view: View, day: string): { where: Record<string, unknown>; sort: string } {
  if (view === 'requests') return { where: { status: { equals: 'requested' } }, sort: 'createdAt' };
  if (view === 'upcoming') return { where: { and: [{ status: { equals: 'confirmed' } }, { to: { greater_than_equal: day } }] }, sort: 'from' };
  return { where: { or: [{ status: { in: 'declined,cancelled,expired' } }, { and: [{ status: { equals: 'confirmed' } }, { to: { less_than: day } }] }] }, sort: '-from' };
}

/** The price of a booking as quoted when it was asked for. */
export function bookingTotal(i18n: I18n, booking: Booking): string {
  const { total } = booking.quote;
  return total === null ? '–' : i18n.number(total);
}

/** The bookings inbox: open requests to confirm or decline, upcoming and past bookings. New requests appear as they come. */
export function Bookings() {
  const i18n = useI18n();
  const { t } = i18n;
  const { query, path, route } = useLocation();
  const view: View = VIEWS.includes(query.view as View) ? (query.view as View) : 'requests';
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const day = today();
  const [list, reload, replace, refresh] = useLoad(() => listBookings({ ...queryOf(view, day), page, limit: PAGE_SIZE }), [view, page, day]);
  const [notice, setNotice] = useState<string | null>(null);
  useLiveReload((event) => event.type.startsWith('booking.'), refresh);
  const go = (next: { view?: View; page?: number }) => {
    const params = new URLSearchParams();
    const shown = next.view ?? view;
    if (shown !== 'requests') params.set('view', shown);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setNotice(null);
    route(`${path}${params.size ? `?${params}` : ''}`);
  };

  return (
    <section>
      <h1>{t('bookings.title')}</h1>
      <nav class="tabs" aria-label={t('bookings.views')}>
        {VIEWS.map((name) => (
          <a key={name} href={name === 'requests' ? path : `${path}?view=${name}`} aria-current={name === view ? 'page' : undefined} onClick={(event) => (event.preventDefault(), go({ view: name }))}>
            {t(VIEW_KEYS[name])}
          </a>
        ))}
      </nav>
      <Notice text={notice} />
      {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
      {list.status === 'loading' && !list.data && <Loading />}
      {list.data && list.data.docs.length === 0 && (
        <div class="empty">
          <p>{t(view === 'requests' ? 'bookings.noRequests' : view === 'upcoming' ? 'bookings.noUpcoming' : 'bookings.noPast')}</p>
        </div>
      )}
      {list.data && list.data.docs.length > 0 && (
        <>
          <p class="count" role="status">
            {i18n.tp('bookings.count', list.data.totalDocs)}
          </p>
          <ul class="bookings">
            {list.data.docs.map((booking) => {
              const product = bookingProduct(booking);
              const label = `${booking.customer.name}, ${product.name ?? product.id}, ${span(i18n, booking.from, booking.to)}`;
              return (
                <li key={booking.id} class="booking-row">
                  <div class="booking-main">
                    <a class="booking-who" href={`/admin/bookings/${encodeURIComponent(booking.id)}`}>
                      {booking.customer.name}
                    </a>
                    <BookingStatus status={booking.status} />
                    <span class="booking-product">{product.name ?? product.id}</span>
                    <span>{span(i18n, booking.from, booking.to)}</span>
                    <span>
                      {t('bookings.total')}: {bookingTotal(i18n, booking)}
                    </span>
                    {booking.customer.note && <span class="muted booking-note">{booking.customer.note}</span>}
                    {view === 'requests' && <span class="muted">{t('bookings.askedAt', { date: i18n.dateTime(booking.createdAt) })}</span>}
                  </div>
                  {view !== 'past' && (
                    <BookingActions
                      booking={booking}
                      label={label}
                      changed={(next, message) => {
                        setNotice(message);
                        if (list.data) replace({ ...list.data, docs: list.data.docs.map((item) => (item.id === next.id ? next : item)) });
                        refresh();
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => go({ page: next })} />}
    </section>
  );
}
