import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { useLoad } from '../components/use-load.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { allOf, bulkDelete, bulkUpdate, listProducts, type Product, type Where } from '../api/products.js';
import { ProductState, usePrice } from './product-bits.js';
import { RentalApiError } from '../api/client.js';
import type { MessageKey } from '../i18n/en.js';
import { useLiveReload } from '../live.js';

const SORTS = ['-createdAt', '-updatedAt', 'createdAt', 'basic.product_name', '-basic.product_name', 'additional.price', '-additional.price', 'basic.location'];
const PAGE_SIZES = [10, 25, 50, 100];
const FILTERS = ['q', 'published', 'location', 'min', 'max', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The where of the filters; the search and the free-between dates are parameters of their own. */
function whereOf(filters: Filters, owner: string | undefined): Where {
  const price: Record<string, number> = {};
  if (filters.min !== '' && Number.isFinite(Number(filters.min))) price.greater_than_equal = Number(filters.min);
  if (filters.max !== '' && Number.isFinite(Number(filters.max))) price.less_than_equal = Number(filters.max);
  return allOf(
    owner ? { 'basic.rent_owner': { equals: owner } } : undefined,
    filters.published ? { 'settings.published': { equals: filters.published === 'true' } } : undefined,
    filters.location.trim() ? { 'basic.location': { like: filters.location.trim() } } : undefined,
    Object.keys(price).length ? { 'additional.price': price } : undefined,
  );
}

/** Only the columns shown are asked for: a page of 100 stays small whatever the descriptions hold. */
const SELECT = { basic: { product_name: true, location: true, rent_owner: true }, additional: { price: true, time_unit: true }, settings: { published: true }, updatedAt: true };

/**
 * The catalogue: search, filters, sort and pages live in the address (a reload or a shared link
 * shows the same list); only the page shown is loaded, so 100,000 products page as fast as 100.
 */
export function Products() {
  const i18n = useI18n();
  const { t, tp } = i18n;
  const user = useUser();
  const { isAdmin } = useSession();
  const price = usePrice();
  const { query, path, route } = useLocation();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query[name] ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(filters);
  const sort = SORTS.includes(query.sort ?? '') ? (query.sort as string) : '-createdAt';
  const limit = PAGE_SIZES.includes(Number(query.limit)) ? Number(query.limit) : 25;
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const navigate = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...query, ...changes })) if (value !== undefined && value !== '') next.set(name, String(value));
    const search = next.toString();
    setSelected(new Set());
    route(`${path}${search ? `?${search}` : ''}`);
  };

  const [list, reload, , refresh] = useLoad(() => {
    const from = filters.from || filters.to;
    const to = filters.to || filters.from;
    return listProducts({
      where: whereOf(filters, isAdmin ? query.owner : user.id),
      sort,
      limit,
      page,
      depth: isAdmin ? 1 : 0,
      select: SELECT,
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(from ? { availableFrom: from, availableTo: to } : {}),
    });
  }, [JSON.stringify(filters), sort, limit, page, isAdmin, user.id, query.owner]);

  // Products changed elsewhere (another tab, another person, the API) show without a reload.
  useLiveReload((event) => event.type.startsWith('product.'), refresh);

  const apply = (event: Event) => {
    event.preventDefault();
    navigate({ ...draft, page: undefined });
  };
  const clear = () => {
    const empty = Object.fromEntries(FILTERS.map((name) => [name, ''])) as Filters;
    setDraft(empty);
    navigate({ ...empty, owner: undefined, page: undefined });
  };

  const docs: Product[] = list.data?.docs ?? [];
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allSelected = docs.length > 0 && docs.every((product) => selected.has(product.id));

  const bulk = async (kind: 'publish' | 'unpublish' | 'delete') => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (kind === 'delete' && !window.confirm(tp('products.confirmDelete', ids.length))) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = kind === 'delete' ? await bulkDelete(ids) : await bulkUpdate(ids, { settings: { published: kind === 'publish' } });
      setNotice(tp(kind === 'delete' ? 'products.deleted' : 'products.changed', answer.docs.length));
      setSelected(new Set());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
      reload();
    }
  };
  const nameOf = (id: string) => docs.find((product) => product.id === id)?.basic.product_name ?? id;
  const ownerOf = (product: Product) => {
    const owner = product.basic.rent_owner;
    return typeof owner === 'object' && owner ? owner.rentNameSystem : (owner ?? '');
  };
  const filtered = FILTERS.some((name) => filters[name] !== '') || Boolean(isAdmin && query.owner);

  return (
    <section>
      <div class="title-row">
        <h1>{t('products.title')}</h1>
        <a class="button primary" href="/admin/new-product">
          {t('products.new')}
        </a>
      </div>
      <form class="filters" onSubmit={apply} aria-label={t('products.filters')}>
        <div class="field field-wide">
          <label for="filter-q">{t('products.search')}</label>
          <input id="filter-q" type="search" placeholder={t('products.searchHint')} value={draft.q} onInput={(event) => setDraft({ ...draft, q: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="filter-published">{t('products.published')}</label>
          <select id="filter-published" value={draft.published} onChange={(event) => setDraft({ ...draft, published: event.currentTarget.value })}>
            <option value="">{t('products.any')}</option>
            <option value="true">{t('products.yes')}</option>
            <option value="false">{t('products.no')}</option>
          </select>
        </div>
        <div class="field">
          <label for="filter-location">{t('products.location')}</label>
          <input id="filter-location" value={draft.location} onInput={(event) => setDraft({ ...draft, location: event.currentTarget.value })} />
        </div>
        <div class="field field-narrow">
          <label for="filter-min">{t('products.priceMin')}</label>
          <input id="filter-min" type="number" min={0} step="any" inputMode="decimal" value={draft.min} onInput={(event) => setDraft({ ...draft, min: event.currentTarget.value })} />
        </div>
        <div class="field field-narrow">
          <label for="filter-max">{t('products.priceMax')}</label>
          <input id="filter-max" type="number" min={0} step="any" inputMode="decimal" value={draft.max} onInput={(event) => setDraft({ ...draft, max: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="filter-from">{t('products.freeFrom')}</label>
          <input id="filter-from" type="date" value={draft.from} onInput={(event) => setDraft({ ...draft, from: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="filter-to">{t('products.freeTo')}</label>
          <input id="filter-to" type="date" value={draft.to} onInput={(event) => setDraft({ ...draft, to: event.currentTarget.value })} />
        </div>
        <div class="filter-buttons">
          <button type="submit" class="primary">
            {t('products.apply')}
          </button>
          {filtered && (
            <button type="button" onClick={clear}>
              {t('products.clear')}
            </button>
          )}
        </div>
      </form>

      <div class="list-controls">
        <div class="field">
          <label for="sort">{t('products.sort')}</label>
          <select id="sort" value={sort} onChange={(event) => navigate({ sort: event.currentTarget.value, page: undefined })}>
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`products.sort.${value}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="limit">{t('products.perPage')}</label>
          <select id="limit" value={String(limit)} onChange={(event) => navigate({ limit: event.currentTarget.value, page: undefined })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </div>
        {list.data && <p class="count" role="status">{tp('products.count', list.data.totalDocs)}</p>}
      </div>

      {selected.size > 0 && (
        <div class="bulk" role="region" aria-label={tp('products.selected', selected.size)}>
          <span>{tp('products.selected', selected.size)}</span>
          <button type="button" disabled={busy} onClick={() => bulk('publish')}>
            {t('products.publish')}
          </button>
          <button type="button" disabled={busy} onClick={() => bulk('unpublish')}>
            {t('products.unpublish')}
          </button>
          <button type="button" class="danger" disabled={busy} onClick={() => bulk('delete')}>
            {t('products.delete')}
          </button>
        </div>
      )}
      <Notice text={notice} />
      <ErrorMessage error={failure} />
      {failure instanceof RentalApiError && (
        <ul class="field-error">
          {(failure.errors as { id?: string; message: string }[]).filter((item) => item.id).map((item) => (
            <li key={item.id}>{t('products.bulkFailed', { name: nameOf(item.id as string), message: item.message })}</li>
          ))}
        </ul>
      )}

      {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
      {list.status === 'loading' && <Loading />}
      {list.data && docs.length === 0 && list.data.totalDocs > 0 && list.status !== 'loading' && (
        // A page past the last one (an old link, fewer products since): there are products, just not here.
        <div class="empty">
          <p>{t('products.pastEnd', { pages: list.data.totalPages })}</p>
          <button type="button" onClick={() => navigate({ page: list.data && list.data.totalPages > 1 ? list.data.totalPages : undefined })}>
            {t('products.lastPage')}
          </button>
        </div>
      )}
      {list.data && docs.length === 0 && list.data.totalDocs === 0 && list.status !== 'loading' && (
        <div class="empty">
          <p>{filtered ? t('products.empty') : t('products.emptyAll')}</p>
          {filtered ? (
            <button type="button" onClick={clear}>
              {t('products.clear')}
            </button>
          ) : (
            <a class="button primary" href="/admin/new-product">
              {t('home.create')}
            </a>
          )}
        </div>
      )}
      {docs.length > 0 && (
        <table class="products" aria-busy={list.status === 'loading'}>
          <thead>
            <tr>
              <th scope="col" class="select-cell">
                <input
                  type="checkbox"
                  aria-label={t('products.selectPage')}
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(docs.map((product) => product.id)))}
                />
              </th>
              <th scope="col">{t('products.name')}</th>
              <th scope="col">{t('products.location')}</th>
              <th scope="col">{t('products.price')}</th>
              {isAdmin && <th scope="col">{t('products.owner')}</th>}
              <th scope="col">{t('products.state')}</th>
              <th scope="col">{t('products.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {docs.map((product) => (
              <tr key={product.id} class={selected.has(product.id) ? 'selected' : ''}>
                <td class="select-cell">
                  <input type="checkbox" aria-label={t('products.select', { name: product.basic.product_name })} checked={selected.has(product.id)} onChange={() => toggle(product.id)} />
                </td>
                <th scope="row" class="name-cell">
                  <a href={`/admin/products/${encodeURIComponent(product.id)}`}>{product.basic.product_name}</a>
                </th>
                <td data-label={t('products.location')}>{product.basic.location ?? ''}</td>
                <td data-label={t('products.price')}>{price(product.additional?.price, product.additional?.time_unit)}</td>
                {isAdmin && <td data-label={t('products.owner')}>{ownerOf(product)}</td>}
                <td data-label={t('products.state')}>
                  <ProductState published={product.settings.published} />
                </td>
                <td data-label={t('products.updated')}>{i18n.dateTime(product.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => navigate({ page: next === 1 ? undefined : next })} />}
    </section>
  );
}
