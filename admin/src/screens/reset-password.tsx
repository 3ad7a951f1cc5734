import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { Field, described } from '../components/field.js';
import { ErrorMessage } from '../components/feedback.js';
import { fieldErrors, statusOf } from '../errors.js';
import { api, call } from '../api/client.js';

/** The link the afterForgotPassword hook sends: /admin/reset-password?token=… */
export function ResetPassword() {
  const { t } = useI18n();
  const session = useSession();
  const { query, route } = useLocation();
  const [token, setToken] = useState(query.token ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    setBusy(true);
    try {
      await call(() => api.POST('/api/rents/reset-password', { params: { query: { cookie: true } }, body: { token, password } }));
      await session.adopt();
      route('/admin', true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(error);
  const status = statusOf(error);
  return (
    <section class="card">
      <h1>{t('reset.title')}</h1>
      {status === 403 ? (
        <p class="notice notice-error" role="alert">
          {t('reset.invalid')}
        </p>
      ) : (
        <ErrorMessage error={Object.keys(errors).length ? null : error} />
      )}
      <form onSubmit={submit} noValidate>
        <Field id="token" label={t('reset.token')} errors={errors.token}>
          <input id="token" autoComplete="one-time-code" value={token} onInput={(event) => setToken(event.currentTarget.value)} {...described('token', undefined, errors.token)} />
        </Field>
        <Field id="new-password" label={t('reset.password')} errors={errors.password}>
          <input id="new-password" type="password" autoComplete="new-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} {...described('new-password', undefined, errors.password)} />
        </Field>
        <Field id="confirm-password" label={t('reset.confirm')} errors={mismatch ? [t('reset.mismatch')] : undefined}>
          <input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onInput={(event) => setConfirm(event.currentTarget.value)} {...described('confirm-password', undefined, mismatch ? ['x'] : undefined)} />
        </Field>
        <button type="submit" class="primary" disabled={busy}>
          {t('reset.submit')}
        </button>
      </form>
    </section>
  );
}
