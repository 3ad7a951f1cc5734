import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { useLoad } from '../components/use-load.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { allOf, countProducts, listProducts, type Where } from '../api/products.js';
import { ProductState } from './product-bits.js';

/**
 * The overview. Today's and the week's pick-ups and returns, open booking requests and calendar
 * problems join it as the bookings and calendars endpoints land; for now, the catalogue.
 */
export function Home() {
  const i18n = useI18n();
  const { t } = i18n;
  const user = useUser();
  const { isAdmin } = useSession();
  const mine: Where = isAdmin ? {} : { 'basic.rent_owner': { equals: user.id } };
  const [summary, reload] = useLoad(async () => {
    const [total, published, recent] = await Promise.all([
      countProducts(mine),
      countProducts(allOf(mine, { 'settings.published': { equals: true } })),
      listProducts({ where: mine, sort: '-updatedAt', limit: 5, depth: 0 }),
    ]);
    return { total, published, recent: recent.docs };
  }, [user.id, isAdmin]);

  return (
    <section>
      <h1>{t('home.welcome', { name: user.rentNameSystem })}</h1>
      {summary.status === 'failed' && <ErrorMessage error={summary.error} retry={reload} />}
      {summary.status === 'loading' && <Loading />}
      {summary.status === 'ready' && (
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
          <h2>{t('home.recent')}</h2>
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
