import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useUser } from '../session.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { useLiveEvents } from '../live.js';
import { bookingProduct, readBooking, type Booking } from '../api/bookings.js';
import { span } from './import-bits.js';
import { BookingActions, BookingStatus, STATUS_KEYS } from './booking-actions.js';
import { bookingTotal } from './bookings.js';

/** One booking: the product and the time, the customer, the price as quoted, its history; confirm, decline or cancel it. */
export function BookingScreen() {
  const i18n = useI18n();
  const { t } = i18n;
  const user = useUser();
  const { params } = useRoute();
  const id = params.id ?? '';
  const [state, retry, replace, refresh] = useLoad(() => readBooking(id), [id]);
  const [notice, setNotice] = useState<string | null>(null);
  useLiveEvents((event) => {
    if (event.type.startsWith('booking.') && event.data.id === id) refresh();
  });
  if (state.status === 'failed' && !state.data) return <ErrorMessage error={state.error} retry={retry} />;
  if (!state.data) return <Loading />;
  const booking: Booking = state.data;
  const product = bookingProduct(booking);
  const when = span(i18n, booking.from, booking.to);
  const by = (who: string) => (who === user.id ? t('bookings.byYou') : who === 'customer' ? t('bookings.byCustomer', { name: booking.customer.name }) : who === 'service' ? t('bookings.byService') : who);
  const { quote } = booking;

  return (
    <section class="booking-detail">
      <h1>{t('bookings.bookingTitle', { name: booking.customer.name })}</h1>
      <p>
        <a href="/admin/bookings">{t('bookings.backToList')}</a>
      </p>
      <Notice text={notice} />
      <div class="panels">
        <section class="card" aria-labelledby="booking-what">
          <div class="import-head">
            <h2 id="booking-what">{t('bookings.what')}</h2>
            <BookingStatus status={booking.status} />
          </div>
          <dl class="facts">
            <div class="facts-wide">
              <dt>{t('bookings.product')}</dt>
              <dd>
                <a href={`/admin/products/${encodeURIComponent(product.id)}/calendar?month=${booking.from.slice(0, 7)}`}>{product.name ?? product.id}</a>
              </dd>
            </div>
            <div class="facts-wide">
              <dt>{t('bookings.when')}</dt>
              <dd>{when}</dd>
            </div>
            <div>
              <dt>{t('bookings.units')}</dt>
              <dd>{i18n.tp(`unitCount.${quote.time_unit}`, quote.units)}</dd>
            </div>
            <div>
              <dt>{t('bookings.unitPrice')}</dt>
              <dd>{quote.unitPrice === null ? '–' : i18n.number(quote.unitPrice)}</dd>
            </div>
            <div>
              <dt>{t('bookings.caution')}</dt>
              <dd>{i18n.number(quote.caution)}</dd>
            </div>
            <div>
              <dt>{t('bookings.total')}</dt>
              <dd>
                <strong>{bookingTotal(i18n, booking)}</strong>
              </dd>
            </div>
          </dl>
          <BookingActions
            booking={booking}
            label={`${booking.customer.name}, ${product.name ?? product.id}, ${when}`}
            changed={(next, message) => {
              replace(next);
              setNotice(message);
            }}
          />
        </section>
        <section class="card" aria-labelledby="booking-customer">
          <h2 id="booking-customer">{t('bookings.customer')}</h2>
          <dl class="facts">
            <div class="facts-wide">
              <dt>{t('bookings.name')}</dt>
              <dd>{booking.customer.name}</dd>
            </div>
            <div class="facts-wide">
              <dt>{t('bookings.email')}</dt>
              <dd>
                <a href={`mailto:${booking.customer.email}`}>{booking.customer.email}</a>
              </dd>
            </div>
            {booking.customer.phone && (
              <div class="facts-wide">
                <dt>{t('bookings.phone')}</dt>
                <dd>
                  <a href={`tel:${booking.customer.phone.replace(/\s+/g, '')}`}>{booking.customer.phone}</a>
                </dd>
              </div>
            )}
            {booking.customer.note && (
              <div class="facts-wide">
                <dt>{t('bookings.note')}</dt>
                <dd class="pre">{booking.customer.note}</dd>
              </div>
            )}
          </dl>
        </section>
      </div>
      <section class="card" aria-labelledby="booking-history">
        <h2 id="booking-history">{t('bookings.history')}</h2>
        <ol class="history">
          {booking.history.map((entry, index) => (
            <li key={index}>
              <strong>{t(STATUS_KEYS[entry.status as Booking['status']] ?? 'bookings.status.requested')}</strong> <span>{i18n.dateTime(entry.at)}</span> <span class="muted">{by(entry.by)}</span>
              {entry.reason && <p class="history-reason">{t('bookings.reasonWas', { reason: entry.reason })}</p>}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
