import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useLoad } from '../components/use-load.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { productOf, useLiveEvents } from '../live.js';
import { readProduct, type Product } from '../api/products.js';
import { ProductEditor } from './product-editor.js';
import { Gallery } from './gallery.js';
import { Calendar } from './calendar.js';
import { CalendarLinks } from './calendar-links.js';

export interface LoadedProduct {
  product: Product;
  etag: string | undefined;
}

/** What every section of one product's screens gets: the product as last read, and a way to read it again. */
export interface ProductSection {
  loaded: LoadedProduct;
  reload: () => Promise<LoadedProduct>;
}

const SECTIONS = ['gallery', 'calendar', 'calendars'] as const;

/**
 * A product's sections: its details, its gallery, its month calendar and its links to other
 * calendars, each a tab with an address of its own. A change made elsewhere (the live stream)
 * is read again at once, except into the details while they hold unsaved edits: the editor
 * then says so (see ProductEditor's `newer`).
 */
export function ProductScreens() {
  const { t } = useI18n();
  const { params } = useRoute();
  const { path } = useLocation();
  const id = params.id;
  const [state, retry, replace] = useLoad<LoadedProduct | null>(async () => (id ? await readProduct(id).then(({ data, etag }) => ({ product: data, etag })) : null), [id]);
  /** The newest version of the product the live stream told of (its updatedAt), and whether it was deleted. */
  const [newest, setNewest] = useState<{ id: string; updatedAt: string; deleted: boolean } | null>(null);
  const section = SECTIONS.find((name) => path.endsWith(`/${name}`)) ?? 'details';
  const reload = async () => {
    if (!id) throw new Error('no product');
    const { data, etag } = await readProduct(id);
    const next = { product: data, etag };
    replace(next);
    return next;
  };
  useLiveEvents((event) => {
    if (!id || productOf(event) !== id) return;
    if (event.type === 'product.deleted') return setNewest({ id, updatedAt: '', deleted: true });
    const updatedAt = typeof event.data.updatedAt === 'string' ? event.data.updatedAt : undefined;
    if (updatedAt && state.data && updatedAt <= state.data.product.updatedAt) return;
    // Reservations, imports and bookings change the product too; their own product.updated says when.
    if (!event.type.startsWith('product.')) return;
    setNewest({ id, updatedAt: updatedAt ?? new Date().toISOString(), deleted: false });
    if (section !== 'details') void reload().catch(() => undefined);
  });

  if (!id) return <ProductEditor loaded={null} />;
  if (state.status === 'failed' && !state.data) return <ErrorMessage error={state.error} retry={retry} />;
  if (!state.data) return <Loading />;
  const loaded = state.data;
  const mine = newest?.id === id ? newest : null;
  const base = `/admin/products/${encodeURIComponent(id)}`;
  const tabs = [
    { href: base, key: 'details', label: t('editor.details') },
    { href: `${base}/gallery`, key: 'gallery', label: t('editor.gallery') },
    { href: `${base}/calendar`, key: 'calendar', label: t('editor.calendar') },
    { href: `${base}/calendars`, key: 'calendars', label: t('editor.calendars') },
  ];
  return (
    <section>
      <h1 class="product-title">{loaded.product.basic.product_name}</h1>
      <nav class="tabs" aria-label={t('editor.tabs')}>
        {tabs.map((tab) => (
          <a key={tab.key} href={tab.href} aria-current={section === tab.key ? 'page' : undefined}>
            {tab.label}
          </a>
        ))}
      </nav>
      {mine?.deleted && (
        <p class="notice notice-error" role="alert">
          {t('editor.deletedElsewhere')} <a href="/admin/products">{t('home.allProducts')}</a>
        </p>
      )}
      {section === 'details' && (
        <ProductEditor key={loaded.product.id} loaded={loaded} reload={reload} newer={Boolean(mine && !mine.deleted && mine.updatedAt > loaded.product.updatedAt)} />
      )}
      {section === 'gallery' && <Gallery loaded={loaded} reload={reload} />}
      {section === 'calendar' && <Calendar loaded={loaded} reload={reload} />}
      {section === 'calendars' && <CalendarLinks loaded={loaded} reload={reload} />}
    </section>
  );
}
