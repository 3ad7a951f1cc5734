import { useEffect, useMemo, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { Check, Field, described } from '../components/field.js';
import { ErrorMessage, ErrorSummary, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { fieldErrors, statusOf } from '../errors.js';
import { setLeaveGuard } from '../guard.js';
import { mergePatch } from '../merge-patch.js';
import { createProduct, deleteProduct, runAction, updateProduct, type Product, type ProductInput, type ProductPatch } from '../api/products.js';
import { listAccounts, readAccount, termLabel, type Term } from '../api/accounts.js';
import { compact, documentOf, formOf, inputOfField, ownerId, type ProductForm } from './product-form.js';
import type { LoadedProduct } from './product-screens.js';
import type { MessageKey } from '../i18n/en.js';
import { DEFAULT_TIME_UNITS, configuredTimeUnits } from '../api/time-units.js';
import { configuredActions } from '../api/actions.js';

/** The default time units; an installation may configure others, which can be typed in. */

/** The owner's terms, from the product when it is theirs already, else from their profile. */
function useTerms(owner: string, product: Product | null): Term[] | undefined {
  const own = product && ownerId(product) === owner && typeof product.basic.rent_owner === 'object' ? product.basic.rent_owner.terms.termsArray : undefined;
  const [loaded] = useLoad(async () => (own || !owner ? (own ?? []) : (await readAccount(owner)).terms.termsArray), [owner, own]);
  return loaded.status === 'ready' ? (loaded.data as Term[]) : own;
}

/**
 * The product's details: every field of SPEC 2 (the gallery and reservations have screens of
 * their own). `newer`: the live stream told of a newer version than the one loaded; without
 * unsaved edits it is loaded at once, with them the owner is told (a save would be a 412).
 */
/** SPEC 8's duration rules, each an ISO 8601 duration. */
const RULE_FIELDS = [
  ['min_duration', 'editor.minDuration'],
  ['max_duration', 'editor.maxDuration'],
  ['lead_time', 'editor.leadTime'],
  ['buffer_before', 'editor.bufferBefore'],
  ['buffer_after', 'editor.bufferAfter'],
] as const;

export function ProductEditor({ loaded, reload, newer = false }: { loaded: LoadedProduct | null; reload?: () => Promise<LoadedProduct>; newer?: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const user = useUser();
  const { isAdmin } = useSession();
  const { route, query } = useLocation();
  const product = loaded?.product ?? null;
  const [original, setOriginal] = useState<ProductForm>(() => formOf(product, user.id));
  const [form, setForm] = useState<ProductForm>(original);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<string | null>(query.created ? t('editor.created') : query.duplicated ? t('editor.duplicated') : null);
  const [busy, setBusy] = useState(false);
  const terms = useTerms(form.rent_owner, product);
  // The owner picker lists 100 accounts at a time: past that, the admin narrows them by name.
  const [ownerQuery, setOwnerQuery] = useState('');
  const [ownerSearch, setOwnerSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setOwnerSearch(ownerQuery.trim()), 250);
    return () => clearTimeout(timer);
  }, [ownerQuery]);
  const [accountPage] = useLoad(
    async () => (isAdmin ? await listAccounts({ limit: 100, sort: 'rentNameSystem', ...(ownerSearch ? { where: { rentNameSystem: { like: ownerSearch } } } : {}) }) : undefined),
    [isAdmin, ownerSearch],
  );
  const accounts = accountPage.data?.docs ?? [];
  const manyAccounts = (accountPage.data?.totalDocs ?? 0) > (accountPage.data?.docs.length ?? 0) || ownerSearch !== '';
  // The configuration may add units (a cottage by the night): the service's own list, the defaults meanwhile.
  const [units] = useLoad(configuredTimeUnits, []);
  const timeUnits = units.data ?? DEFAULT_TIME_UNITS;
  // The actions the configuration adds (SPEC 6), run here with their arguments as JSON.
  const [actionList] = useLoad(configuredActions, []);
  const actions = actionList.data ?? [];
  const [action, setAction] = useState('');
  const [actionArgs, setActionArgs] = useState('');
  const [actionErrors, setActionErrors] = useState<string[]>([]);

  const messages = { notNumber: t('editor.notNumber'), jsonInvalid: t('editor.jsonInvalid'), tiersInvalid: t('editor.tiersInvalid') };
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(original), [form, original]);
  useEffect(() => {
    setLeaveGuard(dirty ? t('editor.leave') : null);
    return () => setLeaveGuard(null);
  }, [dirty, t]);

  const set = <K extends keyof ProductForm>(name: K, value: ProductForm[K]) => setForm((current) => ({ ...current, [name]: value }));
  const reset = (next: Product) => {
    const fresh = formOf(next, user.id);
    setOriginal(fresh);
    setForm(fresh);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    setConflict(false);
    const { document, problems } = documentOf(form, messages);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      if (!product) {
        const input = compact(document);
        // The owner defaults to the caller; only an admin names another.
        if (!isAdmin || form.rent_owner === user.id) delete (input.basic as Record<string, unknown>).rent_owner;
        const created = await createProduct(input as ProductInput, form.id.trim() || undefined);
        setLeaveGuard(null);
        setOriginal(form);
        route(`/admin/products/${encodeURIComponent(created.id)}?created=1`, true);
        return;
      }
      const patch = mergePatch(compact(documentOf(original, messages).document), compact(document));
      if (patch) {
        await updateProduct(product.id, patch as ProductPatch, loaded?.etag);
        const next = await reload?.();
        if (next) reset(next.product);
      }
      setErrors({});
      setNotice(t('editor.saved'));
    } catch (error) {
      if (statusOf(error) === 412) setConflict(true);
      else if (Object.keys(fieldErrors(error)).length > 0) setErrors(fieldErrors(error));
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const loadLatest = async () => {
    setConflict(false);
    try {
      const next = await reload?.();
      if (next) reset(next.product);
    } catch (error) {
      setFailure(error);
    }
  };
  useEffect(() => {
    if (newer && !dirty && !busy) void loadLatest();
  }, [newer, dirty, busy]);

  const remove = async () => {
    if (!product || !window.confirm(t('editor.confirmDelete', { name: product.basic.product_name }))) return;
    setBusy(true);
    try {
      await deleteProduct(product.id);
      setLeaveGuard(null);
      route('/admin/products', true);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  const duplicate = async () => {
    if (!product) return;
    setBusy(true);
    try {
      const copy = await runAction(product.id, 'duplicate');
      route(`/admin/products/${encodeURIComponent(copy.id)}?duplicated=1`);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const runConfigured = async () => {
    const name = action || actions[0];
    if (!product || !name) return;
    setFailure(null);
    setNotice(null);
    let args: Record<string, unknown> = {};
    if (actionArgs.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(actionArgs);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        // The action is the one chosen above, whatever the arguments say.
        const { action: _ignored, ...rest } = parsed as Record<string, unknown>;
        args = rest;
      } catch {
        setActionErrors([t('editor.jsonInvalid')]);
        return;
      }
    }
    setActionErrors([]);
    setBusy(true);
    try {
      await runAction(product.id, name, args);
      const next = await reload?.();
      if (next) reset(next.product);
      setNotice(t('editor.actionDone', { name }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  /** The API's errors by input; an error of a field with no input of its own stays in the summary. */
  const byInput: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) {
    const input = inputOfField(field);
    if (input) (byInput[input] ??= []).push(...list);
  }
  const labels: Record<string, [string, string]> = {};
  const LABELS: Record<string, MessageKey> = {
    'product-id': 'editor.id', internal_name: 'editor.internalName', product_name: 'editor.productName', product_desc: 'editor.description', location: 'editor.location',
    rent_owner: 'editor.owner', price: 'editor.price', caution: 'editor.caution', time_unit: 'editor.timeUnit', selectedTerm: 'editor.term', published: 'editor.published',
    slug: 'editor.slug', seo: 'editor.seo', legacy: 'editor.legacy', min_duration: 'editor.minDuration', max_duration: 'editor.maxDuration',
    buffer_before: 'editor.bufferBefore', buffer_after: 'editor.bufferAfter', lead_time: 'editor.leadTime', price_tiers: 'editor.priceTiers',
  };
  for (const field of Object.keys(errors)) {
    const input = inputOfField(field);
    if (input && LABELS[input]) labels[field] = [input, t(LABELS[input] as MessageKey)];
  }
  const text = (name: keyof ProductForm, id: string, props: Record<string, unknown> = {}) => (
    <input id={id} value={form[name] as string} onInput={(event) => set(name, event.currentTarget.value as never)} {...described(id, undefined, byInput[id])} {...props} />
  );
  const termsList = terms ?? [];
  const selectedTermKnown = form.selectedTerm === '' || termsList.some((term) => term.id === form.selectedTerm);

  return (
    <div class="editor">
      {!product && <h1>{t('editor.newTitle')}</h1>}
      <Notice text={notice} />
      {newer && dirty && !conflict && (
        <div class="notice notice-warn" role="alert">
          <p>{t('editor.changedElsewhere')}</p>
          <button type="button" onClick={loadLatest}>
            {t('editor.loadLatest')}
          </button>
        </div>
      )}
      {conflict && (
        <div class="notice notice-error" role="alert">
          <p>{t('editor.conflict')}</p>
          <button type="button" onClick={loadLatest}>
            {t('editor.loadLatest')}
          </button>
        </div>
      )}
      <ErrorMessage error={failure} fieldsShown />
      <ErrorSummary errors={errors} labels={labels} />
      <form onSubmit={save} noValidate>
        <fieldset>
          <legend>{t('editor.basic')}</legend>
          <Field id="product_name" label={t('editor.productName')} errors={byInput.product_name}>
            {text('product_name', 'product_name', { required: true, maxLength: 200 })}
          </Field>
          <Field id="product_desc" label={t('editor.description')} errors={byInput.product_desc}>
            <textarea id="product_desc" rows={6} value={form.product_desc} onInput={(event) => set('product_desc', event.currentTarget.value)} {...described('product_desc', undefined, byInput.product_desc)} />
          </Field>
          <Field id="location" label={t('editor.location')} errors={byInput.location}>
            {text('location', 'location')}
          </Field>
          {isAdmin && manyAccounts && (
            <Field id="owner-search" label={t('editor.ownerSearch')} hint={t('editor.ownerSearchHint')}>
              <input id="owner-search" type="search" value={ownerQuery} onInput={(event) => setOwnerQuery(event.currentTarget.value)} {...described('owner-search', t('editor.ownerSearchHint'))} />
            </Field>
          )}
          {isAdmin && (
            <Field id="rent_owner" label={t('editor.owner')} errors={byInput.rent_owner}>
              <select id="rent_owner" value={form.rent_owner} onChange={(event) => set('rent_owner', event.currentTarget.value)} {...described('rent_owner', undefined, byInput.rent_owner)}>
                {!accounts.some((account) => account.id === form.rent_owner) && <option value={form.rent_owner}>{form.rent_owner}</option>}
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.rentNameSystem}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field id="internal_name" label={t('editor.internalName')} hint={t('editor.internalHint')} errors={byInput.internal_name}>
            <input id="internal_name" value={form.internal_name} onInput={(event) => set('internal_name', event.currentTarget.value)} {...described('internal_name', t('editor.internalHint'), byInput.internal_name)} />
          </Field>
        </fieldset>

        <fieldset>
          <legend>{t('editor.pricing')}</legend>
          <div class="row">
            <Field id="price" label={t('editor.price')} errors={byInput.price}>
              {text('price', 'price', { inputMode: 'decimal' })}
            </Field>
            <Field id="time_unit" label={t('editor.timeUnit')} errors={byInput.time_unit}>
              <select id="time_unit" value={form.time_unit} onChange={(event) => set('time_unit', event.currentTarget.value)} {...described('time_unit', undefined, byInput.time_unit)}>
                <option value="">{t('editor.noUnit')}</option>
                {[...timeUnits, ...(form.time_unit && !timeUnits.includes(form.time_unit) ? [form.time_unit] : [])].map((unit) => (
                  <option key={unit} value={unit}>
                    {i18n.t(`unit.${unit}` as MessageKey) === `unit.${unit}` ? unit : i18n.t(`unit.${unit}` as MessageKey)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="caution" label={t('editor.caution')} errors={byInput.caution}>
              {text('caution', 'caution', { inputMode: 'decimal' })}
            </Field>
          </div>
          <Field id="selectedTerm" label={t('editor.term')} hint={termsList.length === 0 ? t('editor.noTerms') : undefined} errors={byInput.selectedTerm}>
            <select
              id="selectedTerm"
              value={form.selectedTerm}
              onChange={(event) => set('selectedTerm', event.currentTarget.value)}
              {...described('selectedTerm', termsList.length === 0 ? t('editor.noTerms') : undefined, byInput.selectedTerm)}
            >
              <option value="">{t('editor.noTerm')}</option>
              {!selectedTermKnown && <option value={form.selectedTerm}>{form.selectedTerm}</option>}
              {termsList.map((term) => (
                <option key={term.id} value={term.id}>
                  {termLabel(term)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>

        <fieldset>
          <legend>{t('editor.rules')}</legend>
          <p class="hint" id="rules-hint">
            {t('editor.rulesHint')}
          </p>
          <div class="row">
            {RULE_FIELDS.map(([name, key]) => (
              <Field key={name} id={name} label={t(key)} errors={byInput[name]}>
                {text(name, name, { placeholder: 'P2D', spellcheck: false, 'aria-describedby': [byInput[name]?.length ? `${name}-error` : '', 'rules-hint'].filter(Boolean).join(' ') })}
              </Field>
            ))}
          </div>
          <Field id="price_tiers" label={t('editor.priceTiers')} hint={t('editor.priceTiersHint')} errors={byInput.price_tiers}>
            <textarea id="price_tiers" rows={3} class="code" value={form.price_tiers} onInput={(event) => set('price_tiers', event.currentTarget.value)} {...described('price_tiers', t('editor.priceTiersHint'), byInput.price_tiers)} />
          </Field>
        </fieldset>

        <fieldset>
          <legend>{t('editor.settings')}</legend>
          <Check id="published" label={t('editor.published')} checked={form.published} onChange={(checked) => set('published', checked)} errors={byInput.published} />
          <Field id="slug" label={t('editor.slug')} hint={t('editor.slugHint')} errors={byInput.slug}>
            <input id="slug" value={form.slug} onInput={(event) => set('slug', event.currentTarget.value)} {...described('slug', t('editor.slugHint'), byInput.slug)} />
          </Field>
        </fieldset>

        <details class="advanced" open={Boolean(byInput['product-id'] || byInput.seo || byInput.legacy)}>
          <summary>{t('editor.advanced')}</summary>
          {!product && (
            <Field id="product-id" label={t('editor.id')} hint={t('editor.idHint')} errors={byInput['product-id']}>
              <input id="product-id" value={form.id} onInput={(event) => set('id', event.currentTarget.value)} {...described('product-id', t('editor.idHint'), byInput['product-id'])} />
            </Field>
          )}
          <Field id="seo" label={t('editor.seo')} hint={t('editor.jsonHint')} errors={byInput.seo}>
            <textarea id="seo" rows={4} class="code" value={form.seo} onInput={(event) => set('seo', event.currentTarget.value)} {...described('seo', t('editor.jsonHint'), byInput.seo)} />
          </Field>
          <Field id="legacy" label={t('editor.legacy')} hint={t('editor.jsonHint')} errors={byInput.legacy}>
            <textarea id="legacy" rows={4} class="code" value={form.legacy} onInput={(event) => set('legacy', event.currentTarget.value)} {...described('legacy', t('editor.jsonHint'), byInput.legacy)} />
          </Field>
        </details>

        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t('editor.saving') : product ? t('editor.save') : t('editor.create')}
          </button>
          {dirty && <span class="muted">{t('editor.unsaved')}</span>}
          {product && (
            <>
              <button type="button" onClick={duplicate} disabled={busy}>
                {t('editor.duplicate')}
              </button>
              <button type="button" class="danger" onClick={remove} disabled={busy}>
                {t('editor.delete')}
              </button>
            </>
          )}
        </div>
        {product && actions.length > 0 && (
          <fieldset class="custom-actions">
            <legend>{t('editor.actions')}</legend>
            <Field id="custom-action" label={t('editor.action')}>
              <select id="custom-action" value={action || actions[0]} onChange={(event) => setAction(event.currentTarget.value)}>
                {actions.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="action-args" label={t('editor.actionArgs')} hint={t('editor.jsonHint')} errors={actionErrors}>
              <textarea id="action-args" rows={2} class="code" value={actionArgs} onInput={(event) => setActionArgs(event.currentTarget.value)} {...described('action-args', t('editor.jsonHint'), actionErrors)} />
            </Field>
            <div class="actions">
              <button type="button" onClick={runConfigured} disabled={busy || dirty}>
                {t('editor.runAction')}
              </button>
              {dirty && <span class="muted">{t('editor.actionAfterSave')}</span>}
            </div>
          </fieldset>
        )}
      </form>
    </div>
  );
}
