import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { CopyField } from '../components/copy-field.js';
import { ErrorMessage, ErrorSummary } from '../components/feedback.js';
import { fieldErrors } from '../errors.js';
import { setLeaveGuard } from '../guard.js';
import { createWebhook, type Webhook } from '../api/webhooks.js';
import { WebhookFields, checkWebhookForm, emptyWebhookForm, webhookInputOf } from './webhook-form.js';

const LABELS = { url: ['webhook-url', 'webhooks.url'], description: ['webhook-description', 'webhooks.description'], events: ['event-all', 'webhooks.events'] } as const;

/** A new webhook; once created, its signing secret, shown this once only. */
export function NewWebhook() {
  const { t } = useI18n();
  const { isAdmin } = useSession();
  const [form, setForm] = useState(emptyWebhookForm);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ webhook: Webhook; secret: string } | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    const local = checkWebhookForm(form, t);
    setProblems(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const answer = await createWebhook(webhookInputOf(form, isAdmin));
      setCreated({ webhook: answer.doc, secret: answer.secret });
    } catch (error) {
      const byField = fieldErrors(error);
      if (Object.keys(byField).length > 0) setProblems(byField);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (created) return <SecretOnce webhook={created.webhook} secret={created.secret} />;
  const labels = Object.fromEntries(Object.keys(problems).map((field) => {
    const known = LABELS[field as keyof typeof LABELS] ?? (field.startsWith('events') ? LABELS.events : undefined);
    return [field, known ? [known[0], t(known[1])] : ['', field]];
  })) as Record<string, [string, string]>;
  return (
    <section class="card webhook-editor">
      <h1>{t('webhooks.newTitle')}</h1>
      <p>{t('webhooks.newIntro')}</p>
      <ErrorMessage error={failure} fieldsShown />
      <ErrorSummary errors={problems} labels={labels} />
      <form onSubmit={submit} noValidate>
        <WebhookFields form={form} set={setForm} errors={problems} />
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('webhooks.create')}
          </button>
          <a href="/admin/webhooks">{t('webhooks.backToList')}</a>
        </div>
      </form>
    </section>
  );
}

/** The secret, with a copy button, until the owner says they have it; leaving before asks first. */
function SecretOnce({ webhook, secret }: { webhook: Webhook; secret: string }) {
  const { t } = useI18n();
  const { route } = useLocation();
  useEffect(() => {
    setLeaveGuard(t('webhooks.secretLeave'));
    requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus());
    return () => setLeaveGuard(null);
  }, [t]);
  const done = () => {
    setLeaveGuard(null);
    route(`/admin/webhooks/${encodeURIComponent(webhook.id)}`);
  };
  return (
    <section class="card secret-once">
      <h1 tabIndex={-1}>{t('webhooks.createdTitle')}</h1>
      <p>{t('webhooks.createdFor', { url: webhook.url })}</p>
      <div class="notice notice-warn" id="secret-warning">
        <p>
          <strong>{t('webhooks.secretOnce')}</strong>
        </p>
        <p>{t('webhooks.secretUse')}</p>
      </div>
      <CopyField id="webhook-secret" label={t('webhooks.secret')} value={secret} hint={t('webhooks.secretHint')} />
      <div class="form-actions">
        <button type="button" class="primary" onClick={done}>
          {t('webhooks.secretDone')}
        </button>
      </div>
    </section>
  );
}
