import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { Check, Field, described, typed } from '../components/field.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { fieldErrors } from '../errors.js';
import { createAccount } from '../api/accounts.js';

const EMPTY = { email: '', password: '', rentNameSystem: '', admin: false };

/** An administrator creates an account (POST /api/rents). */
export function NewAccount() {
  const { t } = useI18n();
  const { isAdmin } = useSession();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return <ErrorMessage error={new Error(t('error.403'))} />;
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const created = await createAccount({ email: values.email, password: values.password, rentNameSystem: values.rentNameSystem, ...(values.admin ? { roles: ['admin'] } : {}) });
      setNotice(t('accounts.createdDone', { name: created.rentNameSystem }));
      setValues(EMPTY);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(error);
  const input = (name: 'email' | 'password' | 'rentNameSystem', label: string, type: 'email' | 'password' | 'text', hint?: string) => (
    <Field id={`account-${name}`} label={label} hint={hint} errors={errors[name]}>
      <input id={`account-${name}`} {...typed(type)} autoComplete={type === 'password' ? 'new-password' : 'off'} value={values[name]} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} {...described(`account-${name}`, hint, errors[name])} />
    </Field>
  );
  return (
    <section class="card">
      <h1>{t('accounts.createTitle')}</h1>
      <Notice text={notice} />
      <ErrorMessage error={Object.keys(errors).length ? null : error} />
      <form onSubmit={submit} noValidate>
        {input('email', t('accounts.email'), 'email')}
        {input('password', t('accounts.password'), 'password', t('accounts.passwordHint'))}
        {input('rentNameSystem', t('accounts.businessName'), 'text')}
        <Check id="account-admin" label={t('accounts.admin')} checked={values.admin} onChange={(admin) => setValues({ ...values, admin })} errors={errors.roles} />
        <button type="submit" class="primary" disabled={busy}>
          {t('accounts.create')}
        </button>
      </form>
      <p>
        <a href="/admin/accounts">{t('accounts.title')}</a>
      </p>
    </section>
  );
}
