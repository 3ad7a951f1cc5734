import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useUser } from '../session.js';
import { CopyField } from '../components/copy-field.js';
import { ErrorMessage, Loading } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { useLoad } from '../components/use-load.js';
import { useLiveReload } from '../live.js';
import { issueFeedUrl, listCalendars } from '../api/calendars.js';
import { productNames } from '../api/products.js';
import { ImportStatus } from './import-bits.js';

const PAGE_SIZE = 25;

/**
 * Calendars across products: the owner's private feed (a link for a phone's calendar, issued
 * anew on demand) and every imported feed with its last status, failures first when asked.
 */
export function Calendars() {
  const i18n = useI18n();
  const { t } = i18n;
  const { query, path, route } = useLocation();
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const failedOnly = query.status === 'failed';
  const [list, reload, , refresh] = useLoad(async () => {
    const answer = await listCalendars({ page, limit: PAGE_SIZE, sort: failedOnly ? '-lastSyncedAt' : 'product', ...(failedOnly ? { where: { lastStatus: { equals: 'failed' } } } : {}) });
    return { ...answer, names: await productNames(answer.docs.map((calendar) => calendar.product)) };
  }, [page, failedOnly]);
  useLiveReload((event) => event.type.startsWith('calendar.'), refresh);
  const go = (next: { page?: number; status?: string }) => {
    const params = new URLSearchParams();
    const status = 'status' in next ? next.status : query.status;
    if (status) params.set('status', status);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    route(`${path}${params.size ? `?${params}` : ''}`);
  };

  return (
    <section>
      <h1>{t('calendars.title')}</h1>
      <PrivateFeed />
      <section class="card" aria-labelledby="imports-title">
        <h2 id="imports-title">{t('calendars.imports')}</h2>
        <div class="field field-inline">
          <label for="imports-status">{t('calendars.show')}</label>
          <select id="imports-status" value={failedOnly ? 'failed' : ''} onChange={(event) => go({ status: event.currentTarget.value || undefined, page: 1 })}>
            <option value="">{t('calendars.all')}</option>
            <option value="failed">{t('calendars.failedOnly')}</option>
          </select>
        </div>
        {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
        {list.status === 'loading' && !list.data && <Loading />}
        {list.data && list.data.docs.length === 0 && (
          <div class="empty">
            <p>{t(failedOnly ? 'calendars.noneFailed' : 'calendars.none')}</p>
            {!failedOnly && <a href="/admin/products">{t('calendars.toProducts')}</a>}
          </div>
        )}
        {list.data && list.data.docs.length > 0 && (
          <table class="listing imports-table">
            <thead>
              <tr>
                <th scope="col">{t('calendars.product')}</th>
                <th scope="col">{t('imports.name')}</th>
                <th scope="col">{t('calendars.status')}</th>
                <th scope="col">{t('imports.lastSynced')}</th>
                <th scope="col">{t('imports.events')}</th>
                <th scope="col">{t('imports.conflicts')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.docs.map((calendar) => (
                <tr key={calendar.id}>
                  <th scope="row">
                    <a href={`/admin/products/${encodeURIComponent(calendar.product)}/calendars`}>{list.data?.names.get(calendar.product) ?? calendar.product}</a>
                  </th>
                  <td data-label={t('imports.name')}>{calendar.name || t('imports.unnamed')}</td>
                  <td data-label={t('calendars.status')}>
                    <ImportStatus calendar={calendar} />
                    {calendar.lastError && <p class="cell-error">{calendar.lastError}</p>}
                  </td>
                  <td data-label={t('imports.lastSynced')}>{calendar.lastSyncedAt ? i18n.dateTime(calendar.lastSyncedAt) : t('imports.never')}</td>
                  <td data-label={t('imports.events')}>{i18n.number(calendar.events)}</td>
                  <td data-label={t('imports.conflicts')}>{i18n.number(calendar.conflicts.length)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => go({ page: next })} />}
      </section>
    </section>
  );
}

/** The owner's private feed: a URL is only ever shown when issued, and issuing one ends the last. */
function PrivateFeed() {
  const { t } = useI18n();
  const user = useUser();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const issue = async () => {
    if (!window.confirm(t('calendars.confirmIssue'))) return;
    setBusy(true);
    setFailure(null);
    try {
      setUrl(await issueFeedUrl(user.id));
      requestAnimationFrame(() => document.getElementById('private-feed')?.focus());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="private-title">
      <h2 id="private-title">{t('calendars.privateTitle')}</h2>
      <p>{t('calendars.privateIntro')}</p>
      <p class="notice notice-warn" id="private-warning">
        {t('calendars.privateWarning')}
      </p>
      <ErrorMessage error={failure} />
      {url && <CopyField id="private-feed" label={t('calendars.privateFeed')} value={url} hint={t('calendars.privateKeep')} />}
      <button type="button" onClick={issue} disabled={busy} aria-describedby="private-warning">
        {url ? t('calendars.issueAgain') : t('calendars.issue')}
      </button>
    </section>
  );
}
