import { useEffect, useMemo, useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { ErrorMessage, ErrorSummary, Loading, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { fieldErrors } from '../errors.js';
import { setLeaveGuard } from '../guard.js';
import { useLiveReload } from '../live.js';
import { deleteWebhook, listDeliveries, readWebhook, updateWebhook, type Webhook, type WebhookPatch } from '../api/webhooks.js';
import { WebhookFields, checkWebhookForm, eventLabel, webhookFormOf, webhookInputOf, type WebhookForm } from './webhook-form.js';
import { WebhookState } from './webhooks.js';

/** One webhook: change it, pause or resume it, delete it; and the log of its recent deliveries. */
export function WebhookScreen() {
  const { t } = useI18n();
  const { params } = useRoute();
  const id = params.id ?? '';
  const [state, retry, replace] = useLoad(() => readWebhook(id), [id]);
  const [notice, setNotice] = useState<string | null>(null);
  if (state.status === 'failed' && !state.data) return <ErrorMessage error={state.error} retry={retry} />;
  if (!state.data) return <Loading />;
  const webhook = state.data;
  return (
    <section>
      <h1 class="url-title">
        {t('webhooks.webhookTitle')} <span class="url">{webhook.url}</span>
      </h1>
      <p>
        <a href="/admin/webhooks">{t('webhooks.backToList')}</a>
      </p>
      {webhook.deactivatedReason && (
        <div class="notice notice-error">
          <p>{t('webhooks.deactivatedBecause', { reason: webhook.deactivatedReason })}</p>
        </div>
      )}
      <Notice text={notice} />
      <WebhookEditor
        key={webhook.updatedAt}
        webhook={webhook}
        saved={(next) => {
          replace(next);
          setNotice(t('webhooks.saved'));
        }}
        clearNotice={() => setNotice(null)}
      />
      <Deliveries webhookId={webhook.id} />
    </section>
  );
}

/** The webhook's fields; keyed by its updatedAt, so that a saved change starts a fresh form from what was stored. */
function WebhookEditor({ webhook, saved, clearNotice }: { webhook: Webhook; saved: (webhook: Webhook) => void; clearNotice: () => void }) {
  const { t } = useI18n();
  const { isAdmin } = useSession();
  const { route } = useLocation();
  const original = useMemo(() => webhookFormOf(webhook), [webhook]);
  const [form, setForm] = useState<WebhookForm>(original);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(original);
  useEffect(() => {
    setLeaveGuard(dirty ? t('editor.leave') : null);
    return () => setLeaveGuard(null);
  }, [dirty, t]);

  const save = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    clearNotice();
    const local = checkWebhookForm(form, t);
    setProblems(local);
    if (Object.keys(local).length > 0) return;
    const input = webhookInputOf(form, isAdmin);
    const before = webhookInputOf(original, isAdmin);
    const patch: Record<string, unknown> = {};
    for (const key of ['url', 'events', 'active', 'scope'] as const) if (JSON.stringify(input[key]) !== JSON.stringify(before[key])) patch[key] = input[key];
    if ((input.description ?? '') !== (before.description ?? '')) patch.description = input.description ?? null;
    if (Object.keys(patch).length === 0) return;
    setBusy(true);
    try {
      const next = await updateWebhook(webhook.id, patch as WebhookPatch);
      setLeaveGuard(null);
      saved(next);
    } catch (error) {
      const byField = fieldErrors(error);
      if (Object.keys(byField).length > 0) setProblems(byField);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(t('webhooks.confirmDelete', { url: webhook.url }))) return;
    setBusy(true);
    try {
      await deleteWebhook(webhook.id);
      setLeaveGuard(null);
      route('/admin/webhooks?deleted=1', true);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  const labels: Record<string, [string, string]> = {
    url: ['webhook-url', t('webhooks.url')],
    description: ['webhook-description', t('webhooks.description')],
    events: ['event-all', t('webhooks.events')],
  };

  return (
    <div class="card webhook-editor">
      <div class="import-head">
        <h2>{t('webhooks.settings')}</h2>
        <WebhookState webhook={webhook} />
      </div>
      <ErrorMessage error={failure} fieldsShown />
      <ErrorSummary errors={problems} labels={labels} />
      <form onSubmit={save} noValidate>
        <WebhookFields form={form} set={setForm} errors={problems} />
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy || !dirty}>
            {t('editor.save')}
          </button>
          {dirty && <span class="muted">{t('editor.unsaved')}</span>}
          <button type="button" class="danger" onClick={remove} disabled={busy}>
            {t('webhooks.delete')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The recent attempts, newest first; live events bring the deliveries they cause. */
function Deliveries({ webhookId }: { webhookId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [deliveries, reload, , refresh] = useLoad(() => listDeliveries(webhookId), [webhookId]);
  // An event is delivered just after it is recorded: look again a moment later.
  useLiveReload(() => true, refresh, 1500);
  return (
    <section class="card deliveries" aria-labelledby="deliveries-title">
      <div class="import-head">
        <h2 id="deliveries-title">{t('deliveries.title')}</h2>
        <button type="button" onClick={reload} disabled={deliveries.status === 'loading'}>
          {t('deliveries.refresh')}
        </button>
      </div>
      <p class="hint">{t('deliveries.intro')}</p>
      {deliveries.status === 'failed' && <ErrorMessage error={deliveries.error} retry={reload} />}
      {deliveries.status === 'loading' && !deliveries.data && <Loading />}
      {deliveries.data && deliveries.data.length === 0 && <p class="empty">{t('deliveries.none')}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <table class="listing deliveries-table">
          <thead>
            <tr>
              <th scope="col">{t('deliveries.at')}</th>
              <th scope="col">{t('deliveries.event')}</th>
              <th scope="col">{t('deliveries.attempt')}</th>
              <th scope="col">{t('deliveries.result')}</th>
              <th scope="col">{t('deliveries.response')}</th>
              <th scope="col">{t('deliveries.duration')}</th>
              <th scope="col">{t('deliveries.error')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={`${delivery.eventId}-${delivery.attempt}-${delivery.at}`}>
                <th scope="row">{i18n.dateTime(delivery.at)}</th>
                <td data-label={t('deliveries.event')}>
                  {eventLabel(t, delivery.type)} <span class="muted">#{delivery.eventId}</span>
                </td>
                <td data-label={t('deliveries.attempt')}>{i18n.number(delivery.attempt)}</td>
                <td data-label={t('deliveries.result')}>
                  <span class={`badge ${delivery.status === 'succeeded' ? 'badge-on' : 'badge-bad'}`}>{t(delivery.status === 'succeeded' ? 'deliveries.succeeded' : 'deliveries.failed')}</span>
                </td>
                <td data-label={t('deliveries.response')}>{delivery.responseStatus ?? t('deliveries.noResponse')}</td>
                <td data-label={t('deliveries.duration')}>{t('deliveries.ms', { ms: i18n.number(delivery.durationMs) })}</td>
                <td data-label={t('deliveries.error')}>{delivery.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
