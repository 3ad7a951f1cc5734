import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { useLoad } from '../components/use-load.js';
import { listWebhooks, updateWebhook, type Webhook } from '../api/webhooks.js';
import { ALL_EVENTS, eventLabel } from './webhook-form.js';

const PAGE_SIZE = 25;

/** A webhook's state: active, paused by its owner, or deactivated by the service (with why). */
export function WebhookState({ webhook }: { webhook: Pick<Webhook, 'active' | 'deactivatedReason'> }) {
  const { t } = useI18n();
  if (webhook.active) return <span class="badge badge-on">{t('webhooks.active')}</span>;
  return <span class={`badge ${webhook.deactivatedReason ? 'badge-bad' : 'badge-off'}`}>{t(webhook.deactivatedReason ? 'webhooks.deactivated' : 'webhooks.paused')}</span>;
}

/** The event types of a webhook in words. */
export function useEventsText() {
  const { t, tp } = useI18n();
  return (events: string[]) => (events.includes(ALL_EVENTS) ? t('webhooks.allEventsShort') : events.length <= 3 ? events.map((type) => eventLabel(t, type)).join(', ') : tp('webhooks.eventCount', events.length));
}

/** The webhooks (an owner's; an admin's all): where they send, what, whether they are on; pause or resume each. */
export function Webhooks() {
  const i18n = useI18n();
  const { t } = i18n;
  const { query, path, route } = useLocation();
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const [list, reload, replace] = useLoad(() => listWebhooks({ page, limit: PAGE_SIZE, sort: '-createdAt' }), [page]);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(query.deleted ? t('webhooks.deletedDone') : null);
  const eventsText = useEventsText();

  const toggle = async (webhook: Webhook) => {
    setBusy(webhook.id);
    setFailure(null);
    setNotice(null);
    try {
      const next = await updateWebhook(webhook.id, { active: !webhook.active });
      if (list.data) replace({ ...list.data, docs: list.data.docs.map((item) => (item.id === next.id ? next : item)) });
      setNotice(t(next.active ? 'webhooks.resumed' : 'webhooks.pausedDone', { url: next.url }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <div class="title-row">
        <h1>{t('webhooks.title')}</h1>
        <a class="button primary" href="/admin/webhooks/new">
          {t('webhooks.new')}
        </a>
      </div>
      <p class="intro">{t('webhooks.intro')}</p>
      <Notice text={notice} />
      <ErrorMessage error={failure} />
      {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
      {list.status === 'loading' && !list.data && <Loading />}
      {list.data && list.data.docs.length === 0 && (
        <div class="empty">
          <p>{t('webhooks.none')}</p>
          <a class="button primary" href="/admin/webhooks/new">
            {t('webhooks.createFirst')}
          </a>
        </div>
      )}
      {list.data && list.data.docs.length > 0 && (
        <table class="listing webhooks-table">
          <thead>
            <tr>
              <th scope="col">{t('webhooks.url')}</th>
              <th scope="col">{t('webhooks.events')}</th>
              <th scope="col">{t('webhooks.state')}</th>
              <th scope="col">{t('webhooks.created')}</th>
              <th scope="col">
                <span class="sr-only">{t('webhooks.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.docs.map((webhook) => (
              <tr key={webhook.id}>
                <th scope="row">
                  <a class="url" href={`/admin/webhooks/${encodeURIComponent(webhook.id)}`}>
                    {webhook.url}
                  </a>
                  {webhook.description && <span class="muted cell-note">{webhook.description}</span>}
                </th>
                <td data-label={t('webhooks.events')}>{eventsText(webhook.events)}</td>
                <td data-label={t('webhooks.state')}>
                  <WebhookState webhook={webhook} />
                  {webhook.scope === 'all' && <span class="badge badge-off">{t('webhooks.scopeAllShort')}</span>}
                </td>
                <td data-label={t('webhooks.created')}>{i18n.date(webhook.createdAt)}</td>
                <td>
                  <button type="button" disabled={busy === webhook.id} onClick={() => toggle(webhook)} aria-label={t(webhook.active ? 'webhooks.pauseLabel' : 'webhooks.resumeLabel', { url: webhook.url })}>
                    {t(webhook.active ? 'webhooks.pause' : 'webhooks.resume')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => route(next > 1 ? `${path}?page=${next}` : path)} />}
    </section>
  );
}
