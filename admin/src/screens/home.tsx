import { useI18n, type I18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { useLoad } from '../components/use-load.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { useLiveReload } from '../live.js';
import { allOf, countProducts, listProducts, productNames, type Where } from '../api/products.js';
import { listCalendars } from '../api/calendars.js';
import { bookingProduct, listBookings } from '../api/bookings.js';
import { span } from './import-bits.js';
import { ProductState } from './product-bits.js';
import { addDays } from './calendar-days.js';
import { handOvers, localDay, type AgendaProduct, type HandOver } from './agenda.js';

/** The days the overview looks ahead, today included. */
const WEEK = 7;
/** Products with reservations in the week read at once; a shop with more sees the first ones and a note. */
const AGENDA_LIMIT = 100;
const PROBLEMS_SHOWN = 5;
const REQUESTS_SHOWN = 5;

/**
 * The overview: today's and the week's pick-ups and returns, open booking requests, calendar
 * imports that failed, then the catalogue at a glance. Changes made elsewhere refresh it (the
 * live stream).
 */
export function Home() {
  const i18n = useI18n();
  const { t } = i18n;
  const user = useUser();
  const { isAdmin } = useSession();
  const mine: Where = isAdmin ? {} : { 'basic.rent_owner': { equals: user.id } };
  const today = localDay(new Date());

  const [agenda, reloadAgenda, , refreshAgenda] = useLoad(async () => {
    // A day either side: a reservation in date-times falls on the owner's local day, which the UTC day may not be.
    const answer = await listProducts({
      where: mine,
      reservedFrom: addDays(today, -1),
      reservedTo: addDays(today, WEEK),
      sort: 'basic.product_name',
      limit: AGENDA_LIMIT,
      depth: 0,
      select: { basic: { product_name: true }, availability: { reservationDates: true } },
    });
    return { items: handOvers(answer.docs as unknown as AgendaProduct[], today, WEEK), more: answer.totalDocs > answer.docs.length };
  }, [user.id, isAdmin, today]);

  const [problems, reloadProblems, , refreshProblems] = useLoad(async () => {
    const answer = await listCalendars({ where: { lastStatus: { equals: 'failed' } }, sort: '-lastSyncedAt', limit: PROBLEMS_SHOWN });
    return { docs: answer.docs, total: answer.totalDocs, names: await productNames(answer.docs.map((calendar) => calendar.product)) };
  }, [user.id]);

  const [requests, reloadRequests, , refreshRequests] = useLoad(
    () => listBookings({ where: { status: { equals: 'requested' } }, sort: 'createdAt', limit: REQUESTS_SHOWN }),
    [user.id],
  );

  const [summary, reload, , refreshSummary] = useLoad(async () => {
    const [total, published, recent] = await Promise.all([
      countProducts(mine),
      countProducts(allOf(mine, { 'settings.published': { equals: true } })),
      listProducts({ where: mine, sort: '-updatedAt', limit: 5, depth: 0 }),
    ]);
    return { total, published, recent: recent.docs };
  }, [user.id, isAdmin]);

  useLiveReload((event) => event.type.startsWith('reservation.') || event.type.startsWith('booking.') || event.type === 'product.deleted', refreshAgenda);
  useLiveReload((event) => event.type.startsWith('calendar.'), refreshProblems);
  useLiveReload((event) => event.type.startsWith('booking.'), refreshRequests);
  useLiveReload((event) => event.type.startsWith('product.'), refreshSummary);

  const todays = agenda.data?.items.filter((item) => item.day === today) ?? [];
  const later = agenda.data?.items.filter((item) => item.day !== today) ?? [];

  return (
    <section>
      <h1>{t('home.welcome', { name: user.rentNameSystem })}</h1>

      <div class="home-grid">
        <section class="card" aria-labelledby="today-title">
          <h2 id="today-title">{t('home.today', { date: i18n.date(today) })}</h2>
          {agenda.status === 'failed' && <ErrorMessage error={agenda.error} retry={reloadAgenda} />}
          {agenda.status === 'loading' && !agenda.data && <Loading />}
          {agenda.data && (
            <div class="handover-columns">
              <HandOverList title={t('home.pickups')} items={todays.filter((item) => item.kind === 'pickup')} empty={t('home.noPickups')} />
              <HandOverList title={t('home.returns')} items={todays.filter((item) => item.kind === 'return')} empty={t('home.noReturns')} />
            </div>
          )}
        </section>

        <section class="card" aria-labelledby="requests-title">
          <h2 id="requests-title">{t('home.requests')}</h2>
          {requests.status === 'failed' && <ErrorMessage error={requests.error} retry={reloadRequests} />}
          {requests.status === 'loading' && !requests.data && <Loading />}
          {requests.data && requests.data.docs.length === 0 && <p class="muted">{t('home.noRequests')}</p>}
          {requests.data && requests.data.docs.length > 0 && (
            <>
              <ul class="problems">
                {requests.data.docs.map((booking) => (
                  <li key={booking.id}>
                    <a href={`/admin/bookings/${encodeURIComponent(booking.id)}`}>{booking.customer.name}</a>
                    <span>{bookingProduct(booking).name ?? bookingProduct(booking).id}</span>
                    <span class="muted">{span(i18n, booking.from, booking.to)}</span>
                  </li>
                ))}
              </ul>
              <p>
                <a href="/admin/bookings">{i18n.tp('home.allRequests', requests.data.totalDocs)}</a>
              </p>
            </>
          )}
        </section>

        <section class="card" aria-labelledby="problems-title">
          <h2 id="problems-title">{t('home.problems')}</h2>
          {problems.status === 'failed' && <ErrorMessage error={problems.error} retry={reloadProblems} />}
          {problems.status === 'loading' && !problems.data && <Loading />}
          {problems.data && problems.data.docs.length === 0 && <p class="all-well">{t('home.noProblems')}</p>}
          {problems.data && problems.data.docs.length > 0 && (
            <>
              <ul class="problems">
                {problems.data.docs.map((calendar) => (
                  <li key={calendar.id}>
                    <a href={`/admin/products/${encodeURIComponent(calendar.product)}/calendars`}>
                      {problems.data?.names.get(calendar.product) ?? calendar.product}: {calendar.name || t('imports.unnamed')}
                    </a>
                    {calendar.lastError && <span class="cell-error">{calendar.lastError}</span>}
                    {calendar.lastSyncedAt && <span class="muted">{i18n.dateTime(calendar.lastSyncedAt)}</span>}
                  </li>
                ))}
              </ul>
              {problems.data.total > problems.data.docs.length && (
                <p>
                  <a href="/admin/calendars?status=failed">{i18n.tp('home.allProblems', problems.data.total)}</a>
                </p>
              )}
            </>
          )}
        </section>
      </div>

      <section class="card" aria-labelledby="week-title">
        <h2 id="week-title">{t('home.week')}</h2>
        {agenda.status === 'failed' && <ErrorMessage error={agenda.error} retry={reloadAgenda} />}
        {agenda.status === 'loading' && !agenda.data && <Loading />}
        {agenda.data && later.length === 0 && <p class="muted">{t('home.weekEmpty')}</p>}
        {agenda.data && later.length > 0 && <Week items={later} i18n={i18n} />}
        {agenda.data?.more && <p class="muted">{t('home.agendaMore', { count: AGENDA_LIMIT })}</p>}
      </section>

      <h2>{t('home.catalogue')}</h2>
      {summary.status === 'failed' && <ErrorMessage error={summary.error} retry={reload} />}
      {summary.status === 'loading' && !summary.data && <Loading />}
      {summary.data && (
        <>
          <ul class="stats">
            <li>
              <span class="stat-value">{i18n.number(summary.data.total)}</span> <span class="stat-label">{t('home.products')}</span>
            </li>
            <li>
              <span class="stat-value">{i18n.number(summary.data.published)}</span> <span class="stat-label">{t('home.published')}</span>
            </li>
            <li>
              <span class="stat-value">{i18n.number(summary.data.total - summary.data.published)}</span> <span class="stat-label">{t('home.unpublished')}</span>
            </li>
          </ul>
          <div class="actions">
            <a class="button primary" href="/admin/new-product">
              {t('home.newProduct')}
            </a>
            <a class="button" href="/admin/products">
              {t('home.allProducts')}
            </a>
          </div>
          <h3>{t('home.recent')}</h3>
          {summary.data.recent.length === 0 ? (
            <div class="empty">
              <p>{t('home.none')}</p>
              <a class="button primary" href="/admin/new-product">
                {t('home.create')}
              </a>
            </div>
          ) : (
            <ul class="recent">
              {summary.data.recent.map((product) => (
                <li key={product.id}>
                  <a href={`/admin/products/${encodeURIComponent(product.id)}`}>{product.basic.product_name}</a>
                  <ProductState published={product.settings.published} />
                  <span class="muted">{i18n.dateTime(product.updatedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function HandOverItem({ item, showKind }: { item: HandOver; showKind?: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const month = item.day.slice(0, 7);
  return (
    <li>
      {showKind && <span class={`badge ${item.kind === 'pickup' ? 'badge-pickup' : 'badge-return'}`}>{t(item.kind === 'pickup' ? 'home.pickup' : 'home.return')}</span>}
      <a href={`/admin/products/${encodeURIComponent(item.productId)}/calendar?month=${month}`}>{item.productName}</a>
      {item.at && <span class="time">{new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(item.at))}</span>}
      {item.reservation.note && <span class="muted">{item.reservation.note}</span>}
    </li>
  );
}

function HandOverList({ title, items, empty }: { title: string; items: HandOver[]; empty: string }) {
  return (
    <div>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <ul class="handovers">
          {items.map((item) => (
            <HandOverItem key={`${item.kind}-${item.productId}-${item.reservation.id}`} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The coming days with hand-overs, each under its date. */
function Week({ items, i18n }: { items: HandOver[]; i18n: I18n }) {
  const days = [...new Set(items.map((item) => item.day))];
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <div class="week">
      {days.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h3 id={`day-${day}`}>{weekday.format(new Date(`${day}T00:00:00Z`))}</h3>
          <ul class="handovers">
            {items
              .filter((item) => item.day === day)
              .map((item) => (
                <HandOverItem key={`${item.kind}-${item.productId}-${item.reservation.id}`} item={item} showKind />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
