import { useI18n } from '../i18n/i18n.js';
import { describeError } from '../errors.js';

/** An API error in words; `retry` offers to try again; `fieldsShown`: the screen shows the field errors by their fields. */
export function ErrorMessage({ error, retry, fieldsShown }: { error: unknown; retry?: () => void; fieldsShown?: boolean }) {
  const i18n = useI18n();
  if (error === undefined || error === null) return null;
  return (
    <div class="notice notice-error" role="alert">
      <p>{describeError(i18n, error, fieldsShown)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          {i18n.t('error.retry')}
        </button>
      )}
    </div>
  );
}

/** A passing message (saved, removed…), announced by screen readers. */
export function Notice({ text }: { text: string | null | undefined }) {
  return (
    <div class={text ? 'notice notice-ok' : 'sr-only'} role="status">
      {text ?? ''}
    </div>
  );
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p class="loading" role="status">
      {t('app.loading')}
    </p>
  );
}

/** The fields the API refused, as a list of links to them, above the form. */
export function ErrorSummary({ errors, labels }: { errors: Record<string, string[]>; labels: Record<string, [string, string]> }) {
  const { t } = useI18n();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div class="notice notice-error" role="alert">
      <p>{t('error.summary')}</p>
      <ul>
        {entries.map(([field, messages]) => {
          const [inputId, label] = labels[field] ?? ['', field];
          return (
            <li key={field}>
              {inputId ? <a href={`#${inputId}`}>{label}</a> : label}: {messages.join(' ')}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
