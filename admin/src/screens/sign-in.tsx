import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession, type SessionUser } from '../session.js';
import { Field, described } from '../components/field.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { fieldErrors, statusOf } from '../errors.js';
import { RentalApiError } from '../api/client.js';

/** "9 min 58 s" / "9 min 58 s", from seconds. */
function wait(seconds: number, locale: string): string {
  const minutes = Math.floor(seconds / 60);
  const format = (value: number, unit: 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  return minutes > 0 ? `${format(minutes, 'minute')} ${format(seconds % 60, 'second')}` : format(seconds, 'second');
}

/** Only a path inside the dashboard may follow sign-in. */
const safeNext = (next: string | undefined) => (next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('/admin/sign-in') ? next : '/admin');

export function SignIn() {
  const { t } = useI18n();
  const { query, route } = useLocation();
  return (
    <section class="card">
      <h1>{t('signIn.title')}</h1>
      {query['signed-out'] && <Notice text={t('signIn.signedOut')} />}
      <SignInForm onSignedIn={() => route(safeNext(query.next), true)} />
      <p>
        <a href="/admin/forgot-password">{t('signIn.forgot')}</a>
      </p>
    </section>
  );
}

/** E-mail and password, the lockout's wait, and the errors of a sign-in; `onSignedIn` once the session is learnt. */
export function SignInForm({ onSignedIn, email: givenEmail = '' }: { onSignedIn: (user: SessionUser) => void; email?: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const session = useSession();
  const [email, setEmail] = useState(givenEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [lockedUntil, setLockedUntil] = useState(0);
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    if (lockedUntil <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [lockedUntil]);
  const secondsLeft = Math.max(0, Math.ceil((lockedUntil - now) / 1000));

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await session.signIn(email, password));
    } catch (caught) {
      if (caught instanceof RentalApiError && caught.status === 429 && caught.retryAfter) {
        setLockedUntil(Date.now() + caught.retryAfter * 1000);
        setNow(Date.now());
      }
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const status = statusOf(error);
  const errors = fieldErrors(error);
  return (
    <>
      {status === 401 ? (
        <p class="notice notice-error" role="alert">
          {t('signIn.wrong')}
        </p>
      ) : status === 429 && secondsLeft > 0 ? (
        <p class="notice notice-error" role="alert">
          {t('signIn.locked', { wait: wait(secondsLeft, i18n.locale) })}
        </p>
      ) : status === 400 ? null : (
        <ErrorMessage error={status === 429 ? null : error} />
      )}
      <form onSubmit={submit} noValidate>
        <Field id="email" label={t('signIn.email')} errors={errors.email}>
          <input id="email" type="email" autoComplete="username" required value={email} onInput={(event) => setEmail(event.currentTarget.value)} {...described('email', undefined, errors.email)} />
        </Field>
        <Field id="password" label={t('signIn.password')} errors={errors.password}>
          <input id="password" type="password" autoComplete="current-password" required value={password} onInput={(event) => setPassword(event.currentTarget.value)} {...described('password', undefined, errors.password)} />
        </Field>
        <button type="submit" class="primary" disabled={busy || secondsLeft > 0}>
          {t('signIn.submit')}
        </button>
      </form>
    </>
  );
}
