import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { Field, described } from '../components/field.js';
import { ErrorMessage } from '../components/feedback.js';
import { fieldErrors } from '../errors.js';
import { api, call } from '../api/client.js';

export function ForgotPassword() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(() => api.POST('/api/rents/forgot-password', { body: { email } }));
      setSent(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(error);
  return (
    <section class="card">
      <h1>{t('forgot.title')}</h1>
      {sent ? (
        <p class="notice notice-ok" role="status">
          {t('forgot.sent')}
        </p>
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          <ErrorMessage error={Object.keys(errors).length ? null : error} />
          <form onSubmit={submit} noValidate>
            <Field id="email" label={t('signIn.email')} errors={errors.email}>
              <input id="email" type="email" autoComplete="username" value={email} onInput={(event) => setEmail(event.currentTarget.value)} {...described('email', undefined, errors.email)} />
            </Field>
            <button type="submit" class="primary" disabled={busy}>
              {t('forgot.submit')}
            </button>
          </form>
        </>
      )}
      <p>
        <a href="/admin/sign-in">{t('forgot.back')}</a>
      </p>
    </section>
  );
}
