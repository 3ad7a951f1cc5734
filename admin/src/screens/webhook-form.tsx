import { EVENT_TYPES } from '../../../src/domain/event-types.js';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { Check, Field, described } from '../components/field.js';
import type { EventChoice, Webhook, WebhookInput } from '../api/webhooks.js';
import type { MessageKey } from '../i18n/en.js';

export interface WebhookForm {
  url: string;
  description: string;
  /** `*` alone for every event, present and future. */
  events: string[];
  active: boolean;
  scope: 'own' | 'all';
}

export const ALL_EVENTS = '*';

export const emptyWebhookForm = (): WebhookForm => ({ url: '', description: '', events: [], active: true, scope: 'own' });

export const webhookFormOf = (webhook: Webhook): WebhookForm => ({
  url: webhook.url,
  description: webhook.description ?? '',
  events: [...webhook.events],
  active: webhook.active,
  scope: webhook.scope,
});

/** The body of a create; `events` checked on the client too, so the API is not asked for what it refuses anyway. */
export function webhookInputOf(form: WebhookForm, isAdmin: boolean): WebhookInput {
  return {
    url: form.url.trim(),
    events: form.events as EventChoice[],
    active: form.active,
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(isAdmin ? { scope: form.scope } : {}),
  };
}

/** The groups the event types are shown in. */
const GROUPS: { key: MessageKey; prefix: string }[] = [
  { key: 'webhooks.group.product', prefix: 'product.' },
  { key: 'webhooks.group.reservation', prefix: 'reservation.' },
  { key: 'webhooks.group.booking', prefix: 'booking.' },
  { key: 'webhooks.group.media', prefix: 'media.' },
  { key: 'webhooks.group.calendar', prefix: 'calendar.' },
];

export const eventLabel = (t: (key: MessageKey) => string, type: string): string => {
  const key = `event.${type}` as MessageKey;
  const label = t(key);
  return label === key ? type : label;
};

/** The fields of a webhook, for a new one and an existing one; `errors` are the API's by field. */
export function WebhookFields({ form, set, errors }: { form: WebhookForm; set: (form: WebhookForm) => void; errors: Record<string, string[]> }) {
  const { t } = useI18n();
  const { isAdmin } = useSession();
  const all = form.events.includes(ALL_EVENTS);
  const toggle = (type: string, on: boolean) => set({ ...form, events: on ? [...form.events.filter((item) => item !== type), type] : form.events.filter((item) => item !== type) });
  const eventErrors = Object.entries(errors).filter(([field]) => field === 'events' || field.startsWith('events.')).flatMap(([, messages]) => messages);
  return (
    <>
      <Field id="webhook-url" label={t('webhooks.url')} hint={t('webhooks.urlHint')} errors={errors.url}>
        <input
          id="webhook-url"
          type="url"
          required
          maxLength={2048}
          spellcheck={false}
          value={form.url}
          onInput={(event) => set({ ...form, url: event.currentTarget.value })}
          {...described('webhook-url', t('webhooks.urlHint'), errors.url)}
        />
      </Field>
      <Field id="webhook-description" label={t('webhooks.description')} errors={errors.description}>
        <input id="webhook-description" maxLength={500} value={form.description} onInput={(event) => set({ ...form, description: event.currentTarget.value })} {...described('webhook-description', undefined, errors.description)} />
      </Field>
      <fieldset class={`event-choice ${eventErrors.length ? 'field-invalid' : ''}`} aria-describedby={eventErrors.length ? 'webhook-events-error' : 'webhook-events-hint'}>
        <legend>{t('webhooks.events')}</legend>
        <p class="hint" id="webhook-events-hint">
          {t('webhooks.eventsHint')}
        </p>
        {eventErrors.length > 0 && (
          <p class="field-error" id="webhook-events-error">
            {eventErrors.join(' ')}
          </p>
        )}
        <Check id="event-all" label={t('webhooks.allEvents')} checked={all} onChange={(on) => set({ ...form, events: on ? [ALL_EVENTS] : [] })} />
        <div class="event-groups">
          {GROUPS.map((group) => (
            <fieldset key={group.prefix} class="event-group" disabled={all}>
              <legend>{t(group.key)}</legend>
              {EVENT_TYPES.filter((type) => type.startsWith(group.prefix)).map((type) => (
                <Check key={type} id={`event-${type.replace('.', '-')}`} label={eventLabel(t, type)} checked={all || form.events.includes(type)} onChange={(on) => toggle(type, on)} />
              ))}
            </fieldset>
          ))}
        </div>
      </fieldset>
      <Check id="webhook-active" label={t('webhooks.activeLabel')} checked={form.active} onChange={(active) => set({ ...form, active })} errors={errors.active} />
      {isAdmin && (
        <fieldset class="scope-choice">
          <legend>{t('webhooks.scope')}</legend>
          {(['own', 'all'] as const).map((scope) => (
            <div class="field field-check" key={scope}>
              <input id={`scope-${scope}`} type="radio" name="webhook-scope" value={scope} checked={form.scope === scope} onChange={() => set({ ...form, scope })} />
              <label for={`scope-${scope}`}>{t(scope === 'own' ? 'webhooks.scopeOwn' : 'webhooks.scopeAll')}</label>
            </div>
          ))}
          {errors.scope && <p class="field-error">{errors.scope.join(' ')}</p>}
        </fieldset>
      )}
    </>
  );
}

/** What the client refuses before asking: a URL and at least one event type. */
export function checkWebhookForm(form: WebhookForm, t: (key: MessageKey) => string): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!form.url.trim()) problems.url = [t('editor.required')];
  if (form.events.length === 0) problems.events = [t('webhooks.chooseEvents')];
  return problems;
}
