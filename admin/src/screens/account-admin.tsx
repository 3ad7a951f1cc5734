import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { Field, described, typed } from '../components/field.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { deleteAccount, readAccount, unlockAccount, updateAccount, type PublicProfile } from '../api/accounts.js';
import { AccountPanels, useAttempt } from './account.js';

/**
 * An administrator's view of another account (SPEC 4: `PATCH /api/rents/:id` by an admin, who
 * needs no current password; `DELETE`; `POST /api/rents/unlock`): its profile, terms and
 * invoicing details as the account's own screen edits them, a new sign-in e-mail or password,
 * the administrator role, lifting a lockout, and deleting it (a 409 while it owns products or
 * images). The API shows no one else's e-mail or roles, so neither is shown here.
 */
export function AccountAdmin({ id }: { id: string }) {
  const { t } = useI18n();
  const { isAdmin } = useSession();
  const [profile, reload, replace] = useLoad(() => readAccount(id), [id]);
  if (!isAdmin) return <ErrorMessage error={new Error(t('error.403'))} />;
  return (
    <section class="account">
      <h1>{profile.data?.rentNameSystem ?? t('accounts.title')}</h1>
      <p>
        <a href="/admin/accounts">{t('accounts.title')}</a> · <a href={`/admin/products?owner=${encodeURIComponent(id)}`}>{t('accountAdmin.products')}</a>
      </p>
      <AccountPanels profile={profile} reload={reload} saved={replace}>
        {profile.data && <SignIn profile={profile.data} />}
        {profile.data && <Administration profile={profile.data} />}
      </AccountPanels>
    </section>
  );
}

/** A new sign-in e-mail or password, set by the administrator (the account's sessions end with a new password). */
function SignIn({ profile }: { profile: PublicProfile }) {
  const { t } = useI18n();
  const [values, setValues] = useState({ email: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const attempt = useAttempt();
  const submit = (event: Event) => {
    event.preventDefault();
    setMismatch(values.password !== values.confirm);
    if (values.password !== values.confirm) return;
    void attempt.run(async () => {
      await updateAccount(profile.id, { ...(values.email.trim() ? { email: values.email.trim() } : {}), ...(values.password ? { password: values.password } : {}) });
      setValues({ email: '', password: '', confirm: '' });
      return t('accountAdmin.signInChanged');
    });
  };
  const input = (name: keyof typeof values, label: string, type: 'email' | 'password', hint?: string, extra?: string[]) => {
    const errors = [...(attempt.errors[name] ?? []), ...(extra ?? [])];
    return (
      <Field id={`admin-${name}`} label={label} hint={hint} errors={errors}>
        <input id={`admin-${name}`} {...typed(type)} autoComplete={type === 'password' ? 'new-password' : 'off'} value={values[name]} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} {...described(`admin-${name}`, hint, errors)} />
      </Field>
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="admin-sign-in-title">
      <h2 id="admin-sign-in-title">{t('accountAdmin.signIn')}</h2>
      <Notice text={attempt.notice} />
      <ErrorMessage error={attempt.error} fieldsShown />
      {input('email', t('accountAdmin.newEmail'), 'email', t('accountAdmin.keepBlank'))}
      {input('password', t('account.newPassword'), 'password', t('accountAdmin.keepBlank'))}
      {input('confirm', t('account.confirmPassword'), 'password', undefined, mismatch ? [t('reset.mismatch')] : undefined)}
      <button type="submit" class="primary" disabled={attempt.busy}>
        {t('accountAdmin.saveSignIn')}
      </button>
    </form>
  );
}

/** The administrator role, a lockout lifted (by the account's sign-in e-mail), and deletion. */
function Administration({ profile }: { profile: PublicProfile }) {
  const { t } = useI18n();
  const { route } = useLocation();
  const [email, setEmail] = useState('');
  const attempt = useAttempt();
  const roles = (admin: boolean) =>
    void attempt.run(async () => {
      await updateAccount(profile.id, { roles: admin ? ['admin'] : [] });
      return t(admin ? 'accountAdmin.madeAdmin' : 'accountAdmin.madeOwner', { name: profile.rentNameSystem });
    });
  const unlock = (event: Event) => {
    event.preventDefault();
    void attempt.run(async () => {
      await unlockAccount(email.trim());
      return t('accountAdmin.unlocked', { email: email.trim() });
    });
  };
  const remove = () => {
    if (!window.confirm(t('accountAdmin.confirmDelete', { name: profile.rentNameSystem }))) return;
    void attempt.run(async () => {
      await deleteAccount(profile.id);
      route('/admin/accounts');
      return t('accountAdmin.deleted', { name: profile.rentNameSystem });
    });
  };
  return (
    <form onSubmit={unlock} noValidate aria-labelledby="administration-title">
      <h2 id="administration-title">{t('accountAdmin.administration')}</h2>
      <Notice text={attempt.notice} />
      {/* A deletion's 409 names the account's id: shown here in words, not by a field. */}
      <ErrorMessage error={attempt.errors.email ? null : attempt.failure} />
      <p class="actions">
        <button type="button" disabled={attempt.busy} onClick={() => roles(true)}>
          {t('accountAdmin.makeAdmin')}
        </button>{' '}
        <button type="button" disabled={attempt.busy} onClick={() => roles(false)}>
          {t('accountAdmin.makeOwner')}
        </button>
      </p>
      <Field id="unlock-email" label={t('accountAdmin.unlockEmail')} hint={t('accountAdmin.unlockHint')} errors={attempt.errors.email}>
        <input id="unlock-email" {...typed('email')} autoComplete="off" value={email} onInput={(event) => setEmail(event.currentTarget.value)} {...described('unlock-email', t('accountAdmin.unlockHint'), attempt.errors.email)} />
      </Field>
      <button type="submit" disabled={attempt.busy}>
        {t('accountAdmin.unlock')}
      </button>
      <p>
        <button type="button" class="danger" disabled={attempt.busy} onClick={remove}>
          {t('accountAdmin.delete')}
        </button>
      </p>
    </form>
  );
}
