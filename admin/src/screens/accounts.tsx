import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { useLoad } from '../components/use-load.js';
import { listAccounts } from '../api/accounts.js';

/** Every account (administrators): the public profiles the API lists, a page at a time. */
export function Accounts() {
  const i18n = useI18n();
  const { t } = i18n;
  const { isAdmin } = useSession();
  const { query, path, route } = useLocation();
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const search = query.q ?? '';
  const [draft, setDraft] = useState(search);
  const [list, reload] = useLoad(
    () => listAccounts({ page, limit: 25, sort: 'rentNameSystem', ...(search ? { where: { rentNameSystem: { like: search } } } : {}) }),
    [page, search],
  );
  if (!isAdmin) return <ErrorMessage error={new Error(t('error.403'))} />;
  const go = (next: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ q: search, page, ...next })) if (value && !(name === 'page' && value === 1)) params.set(name, String(value));
    route(`${path}${params.size ? `?${params}` : ''}`);
  };
  return (
    <section>
      <div class="title-row">
        <h1>{t('accounts.title')}</h1>
        <a class="button primary" href="/admin/accounts/new">
          {t('accounts.new')}
        </a>
      </div>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: draft, page: 1 });
        }}
      >
        <div class="field field-wide">
          <label for="accounts-q">{t('accounts.search')}</label>
          <input id="accounts-q" type="search" value={draft} onInput={(event) => setDraft(event.currentTarget.value)} />
        </div>
        <div class="filter-buttons">
          <button type="submit" class="primary">
            {t('products.search')}
          </button>
        </div>
      </form>
      {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
      {list.status === 'loading' && <Loading />}
      {list.data && list.data.docs.length === 0 && <p class="empty">{t('accounts.empty')}</p>}
      {list.data && list.data.docs.length > 0 && (
        <table class="accounts">
          <thead>
            <tr>
              <th scope="col">{t('accounts.name')}</th>
              <th scope="col">{t('accounts.contact')}</th>
              <th scope="col">{t('account.phone')}</th>
              <th scope="col">{t('account.publicEmail')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.docs.map((account) => (
              <tr key={account.id}>
                <th scope="row">
                  <a href={`/admin/accounts/${encodeURIComponent(account.id)}`}>{account.rentNameSystem}</a>
                </th>
                <td data-label={t('accounts.contact')}>{account.basic.rentalContactPerson ?? ''}</td>
                <td data-label={t('account.phone')}>{account.basic.rentalPhone ?? ''}</td>
                <td data-label={t('account.publicEmail')}>{account.basic.rentalEmail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => go({ page: next })} />}
    </section>
  );
}
