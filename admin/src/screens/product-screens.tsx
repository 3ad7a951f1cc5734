import { useLocation, useRoute } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useLoad } from '../components/use-load.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { readProduct, type Product } from '../api/products.js';
import { ProductEditor } from './product-editor.js';
import { Gallery } from './gallery.js';
import { Calendar } from './calendar.js';

export interface LoadedProduct {
  product: Product;
  etag: string | undefined;
}

/** What every section of one product's screens gets: the product as last read, and a way to read it again. */
export interface ProductSection {
  loaded: LoadedProduct;
  reload: () => Promise<LoadedProduct>;
}

/**
 * A product's sections: its details, its gallery, its month calendar (and, as the bookings
 * endpoints land, its bookings), each a tab with an address of its own.
 */
export function ProductScreens() {
  const { t } = useI18n();
  const { params } = useRoute();
  const { path } = useLocation();
  const id = params.id;
  const [state, retry, replace] = useLoad<LoadedProduct | null>(async () => (id ? await readProduct(id).then(({ data, etag }) => ({ product: data, etag })) : null), [id]);
  if (!id) return <ProductEditor loaded={null} />;
  if (state.status === 'failed' && !state.data) return <ErrorMessage error={state.error} retry={retry} />;
  if (!state.data) return <Loading />;
  const loaded = state.data;
  const reload = async () => {
    const { data, etag } = await readProduct(id);
    const next = { product: data, etag };
    replace(next);
    return next;
  };
  const base = `/admin/products/${encodeURIComponent(id)}`;
  const section = path.endsWith('/gallery') ? 'gallery' : path.endsWith('/calendar') ? 'calendar' : 'details';
  const tabs = [
    { href: base, key: 'details', label: t('editor.details') },
    { href: `${base}/gallery`, key: 'gallery', label: t('editor.gallery') },
    { href: `${base}/calendar`, key: 'calendar', label: t('editor.calendar') },
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
      {section === 'details' && <ProductEditor key={loaded.product.id} loaded={loaded} reload={reload} />}
      {section === 'gallery' && <Gallery loaded={loaded} reload={reload} />}
      {section === 'calendar' && <Calendar loaded={loaded} reload={reload} />}
    </section>
  );
}
