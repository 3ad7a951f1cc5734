import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { Field, described, typed } from '../components/field.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { useLoad, type Loaded } from '../components/use-load.js';
import { fieldErrors } from '../errors.js';
import { readAccount, updateAccount, type PublicProfile, type Term } from '../api/accounts.js';
import { mergePatch } from '../merge-patch.js';

/** Field errors, and any other error, of one form's last attempt. */
export function useAttempt() {
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(error);
  return { run, busy, notice, errors, error: Object.keys(errors).length > 0 ? null : error, failure: error };
}

function Profile({ profile, saved }: { profile: PublicProfile; saved: (profile: PublicProfile) => void }) {
  const { t } = useI18n();
  const [values, setValues] = useState({
    rentNameSystem: profile.rentNameSystem,
    rentalName: profile.basic.rentalName ?? '',
    rentalContactPerson: profile.basic.rentalContactPerson ?? '',
    rentalPhone: profile.basic.rentalPhone ?? '',
    rentalEmail: profile.basic.rentalEmail ?? '',
  });
  const attempt = useAttempt();
  const submit = (event: Event) => {
    event.preventDefault();
    void attempt.run(async () => {
      const { rentNameSystem, ...basic } = values;
      saved(await updateAccount(profile.id, { rentNameSystem, basic }));
      return t('account.profileSaved');
    });
  };
  const input = (name: keyof typeof values, field: string, label: string, type: 'text' | 'tel' | 'email' = 'text') => (
    <Field id={`profile-${name}`} label={label} errors={attempt.errors[field]}>
      <input id={`profile-${name}`} {...typed(type)} value={values[name]} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} {...described(`profile-${name}`, undefined, attempt.errors[field])} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <Notice text={attempt.notice} />
      <ErrorMessage error={attempt.error} fieldsShown />
      {input('rentNameSystem', 'rentNameSystem', t('account.businessName'))}
      {input('rentalName', 'basic.rentalName', t('account.rentalName'))}
      {input('rentalContactPerson', 'basic.rentalContactPerson', t('account.contactPerson'))}
      {input('rentalPhone', 'basic.rentalPhone', t('account.phone'), 'tel')}
      {input('rentalEmail', 'basic.rentalEmail', t('account.publicEmail'), 'email')}
      <button type="submit" class="primary" disabled={attempt.busy}>
        {t('account.saveProfile')}
      </button>
    </form>
  );
}

/** Terms keep their ids (products point at them) and any other properties they have; title and text are edited here. */
function Terms({ profile, saved }: { profile: PublicProfile; saved: (profile: PublicProfile) => void }) {
  const { t } = useI18n();
  const [terms, setTerms] = useState<Term[]>(profile.terms.termsArray as Term[]);
  const attempt = useAttempt();
  const change = (index: number, name: 'title' | 'text', value: string) => setTerms(terms.map((term, at) => (at === index ? { ...term, [name]: value } : term)));
  const submit = (event: Event) => {
    event.preventDefault();
    void attempt.run(async () => {
      // A new term has no id yet: the service gives it one.
      const termsArray = terms.map((term) => (term.id ? term : Object.fromEntries(Object.entries(term).filter(([key]) => key !== 'id')))) as Term[];
      const next = await updateAccount(profile.id, { terms: { termsArray } });
      setTerms(next.terms.termsArray as Term[]);
      saved(next);
      return t('account.termsSaved');
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="terms-title">
      <h2 id="terms-title">{t('account.terms')}</h2>
      <p class="hint">{t('account.termsIntro')}</p>
      <Notice text={attempt.notice} />
      <ErrorMessage error={attempt.error} fieldsShown />
      {Object.entries(attempt.errors).map(([field, messages]) => (
        <p key={field} class="field-error" role="alert">
          {messages.join(' ')}
        </p>
      ))}
      {terms.length === 0 && <p class="empty">{t('account.noTerms')}</p>}
      <ol class="terms">
        {terms.map((term, index) => {
          const n = index + 1;
          return (
            <li key={term.id || `new-${index}`}>
              <div class="field">
                <label for={`term-title-${index}`}>{t('account.termTitle', { n })}</label>
                <input id={`term-title-${index}`} value={typeof term.title === 'string' ? term.title : ''} onInput={(event) => change(index, 'title', event.currentTarget.value)} />
              </div>
              <div class="field">
                <label for={`term-text-${index}`}>{t('account.termText', { n })}</label>
                <textarea id={`term-text-${index}`} rows={2} value={typeof term.text === 'string' ? term.text : ''} onInput={(event) => change(index, 'text', event.currentTarget.value)} />
              </div>
              <button type="button" class="danger" onClick={() => setTerms(terms.filter((_, at) => at !== index))}>
                {t('account.removeTerm', { n })}
              </button>
            </li>
          );
        })}
      </ol>
      <div class="form-actions">
        <button type="button" onClick={() => setTerms([...terms, { id: '', title: '', text: '' }])}>
          {t('account.addTerm')}
        </button>
        <button type="submit" class="primary" disabled={attempt.busy}>
          {t('account.saveTerms')}
        </button>
      </div>
    </form>
  );
}

function Password({ id, email }: { id: string; email: string }) {
  const { t } = useI18n();
  const [values, setValues] = useState({ email, currentPassword: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const attempt = useAttempt();
  const submit = (event: Event) => {
    event.preventDefault();
    setMismatch(values.password !== values.confirm);
    if (values.password !== values.confirm) return;
    void attempt.run(async () => {
      await updateAccount(id, { currentPassword: values.currentPassword, ...(values.password ? { password: values.password } : {}), ...(values.email !== email ? { email: values.email } : {}) });
      setValues({ ...values, currentPassword: '', password: '', confirm: '' });
      return t('account.passwordChanged');
    });
  };
  const input = (name: keyof typeof values, field: string, label: string, type: 'email' | 'password', autoComplete: string, extra?: string[]) => {
    const errors = [...(attempt.errors[field] ?? []), ...(extra ?? [])];
    return (
      <Field id={`security-${name}`} label={label} errors={errors}>
        <input id={`security-${name}`} {...typed(type)} autoComplete={autoComplete} value={values[name]} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} {...described(`security-${name}`, undefined, errors)} />
      </Field>
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password')}</h2>
      <Notice text={attempt.notice} />
      <ErrorMessage error={attempt.error} fieldsShown />
      {input('email', 'email', t('account.loginEmail'), 'email', 'username')}
      {input('currentPassword', 'currentPassword', t('account.currentPassword'), 'password', 'current-password')}
      {input('password', 'password', t('account.newPassword'), 'password', 'new-password')}
      {input('confirm', 'confirm', t('account.confirmPassword'), 'password', 'new-password', mismatch ? [t('reset.mismatch')] : undefined)}
      <button type="submit" class="primary" disabled={attempt.busy}>
        {t('account.changePassword')}
      </button>
    </form>
  );
}

/**
 * The account's invoicing details (`invoices`, any JSON object: an IBAN, a VAT number…), edited
 * as JSON. What changed is sent as a merge patch, so a key taken out is removed (null).
 */
function Invoices({ profile, saved }: { profile: PublicProfile; saved: (profile: PublicProfile) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState(JSON.stringify(profile.invoices ?? {}, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useAttempt();
  const submit = (event: Event) => {
    event.preventDefault();
    let next: unknown;
    try {
      next = JSON.parse(text);
    } catch {
      next = undefined;
    }
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      setProblem(t('account.invoicesNotObject'));
      return;
    }
    setProblem(null);
    void attempt.run(async () => {
      const patch = mergePatch(profile.invoices ?? {}, next);
      if (patch) saved(await updateAccount(profile.id, { invoices: patch }));
      return t('account.invoicesSaved');
    });
  };
  // The API names a key inside the object too (`invoices.constructor`): shown here with its path.
  const inside = Object.entries(attempt.errors).flatMap(([field, messages]) => (field.startsWith('invoices.') ? messages.map((message) => `${field.slice('invoices.'.length)}: ${message}`) : []));
  const errors = [...(problem ? [problem] : []), ...(attempt.errors.invoices ?? []), ...inside];
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invoices-title">
      <h2 id="invoices-title">{t('account.invoices')}</h2>
      <Notice text={attempt.notice} />
      <ErrorMessage error={attempt.error} fieldsShown />
      <Field id="invoices" label={t('account.invoicesLabel')} hint={t('account.invoicesHint')} errors={errors}>
        <textarea id="invoices" rows={6} spellcheck={false} value={text} onInput={(event) => setText(event.currentTarget.value)} {...described('invoices', t('account.invoicesHint'), errors)} />
      </Field>
      <button type="submit" class="primary" disabled={attempt.busy}>
        {t('account.saveInvoices')}
      </button>
    </form>
  );
}

export function Account() {
  const { t } = useI18n();
  const user = useUser();
  const session = useSession();
  const [profile, reload, replace] = useLoad(() => readAccount(user.id), [user.id]);
  const saved = (next: PublicProfile) => {
    replace(next);
    if (next.rentNameSystem !== user.rentNameSystem) void session.adopt();
  };
  return (
    <section class="account">
      <h1>{t('account.title')}</h1>
      <AccountPanels profile={profile} reload={reload} saved={saved}>
        <Password id={user.id} email={user.email} />
      </AccountPanels>
    </section>
  );
}

/** An account's profile, terms and invoicing forms once it is read (its own screen's, or an admin's view of it), and the forms `children` add. */
export function AccountPanels({ profile, reload, saved, children }: { profile: Loaded<PublicProfile>; reload: () => void; saved: (profile: PublicProfile) => void; children: ComponentChildren }) {
  return (
    <>
      {profile.status === 'failed' && <ErrorMessage error={profile.error} retry={reload} />}
      {!profile.data ? (
        profile.status === 'loading' && <Loading />
      ) : (
        <div class="panels">
          <Profile profile={profile.data} saved={saved} />
          <Terms profile={profile.data} saved={saved} />
          <Invoices profile={profile.data} saved={saved} />
          {children}
        </div>
      )}
    </>
  );
}
