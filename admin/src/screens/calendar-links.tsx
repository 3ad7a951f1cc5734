import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { Field, described } from '../components/field.js';
import { CopyField } from '../components/copy-field.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { fieldErrors } from '../errors.js';
import { useLiveReload } from '../live.js';
import { createCalendar, deleteCalendar, listCalendars, publicFeedUrl, syncCalendar, updateCalendar, type Calendar } from '../api/calendars.js';
import { ImportStatus, span, when } from './import-bits.js';
import type { Interval } from './calendar-days.js';
import type { ProductSection } from './product-screens.js';

const EMPTY = { name: '', url: '' };

/**
 * One product's links to other calendars (SPEC 10): its public feed to paste into Airbnb or
 * Google, and the feeds it imports: connect, sync now, the last status and error, the events
 * and the conflicts with own reservations; change or remove an import.
 */
export function CalendarLinks({ loaded, reload }: ProductSection) {
  const i18n = useI18n();
  const { t, tp } = i18n;
  const product = loaded.product;
  const [imports, reloadImports, replaceImports, refreshImports] = useLoad(
    () => listCalendars({ where: { product: { equals: product.id } }, sort: 'createdAt', limit: 100 }).then((answer) => answer.docs),
    [product.id],
  );
  const [draft, setDraft] = useState(EMPTY);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLiveReload((event) => event.type.startsWith('calendar.') && event.data.product === product.id, refreshImports);

  /** After a sync or a removal the product's blocks changed too. */
  const settle = (calendars: Calendar[]) => {
    replaceImports(calendars);
    void reload().catch(setFailure);
  };
  const current = imports.data ?? [];

  const connect = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const created = await createCalendar({ product: product.id, url: draft.url.trim(), ...(draft.name.trim() ? { name: draft.name.trim() } : {}) });
      setDraft(EMPTY);
      settle([...current, created]);
      setNotice(created.lastStatus === 'failed' ? t('imports.connectedFailed', { error: created.lastError ?? '' }) : tp('imports.connected', created.events));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(failure);

  return (
    <div class="calendar-links">
      <section class="card" aria-labelledby="export-title">
        <h2 id="export-title">{t('imports.exportTitle')}</h2>
        <p>{t('imports.exportIntro')}</p>
        <CopyField id="public-feed" label={t('imports.publicFeed')} value={publicFeedUrl(product.id)} hint={t('imports.publicFeedHint')} />
        {!product.settings.published && <p class="notice">{t('imports.unpublished')}</p>}
        <p>
          <a href="/admin/calendars">{t('imports.privateFeedLink')}</a>
        </p>
      </section>

      <section class="card" aria-labelledby="import-title">
        <h2 id="import-title">{t('imports.importTitle')}</h2>
        <p>{t('imports.importIntro')}</p>
        <Notice text={notice} />
        {Object.keys(errors).length === 0 && <ErrorMessage error={failure} />}
        {imports.status === 'failed' && <ErrorMessage error={imports.error} retry={reloadImports} />}
        {imports.status === 'loading' && !imports.data && <Loading />}
        {imports.data && imports.data.length === 0 && <p class="empty">{t('imports.none')}</p>}
        {current.length > 0 && (
          <ul class="imports">
            {current.map((calendar) => (
              <ImportItem
                key={calendar.id}
                calendar={calendar}
                reservations={product.availability.reservationDates as Interval[]}
                onChanged={(next) => settle(current.map((item) => (item.id === next.id ? next : item)))}
                onRemoved={() => settle(current.filter((item) => item.id !== calendar.id))}
              />
            ))}
          </ul>
        )}

        <form class="connect" onSubmit={connect} noValidate>
          <h3>{t('imports.connectTitle')}</h3>
          <Field id="import-url" label={t('imports.url')} hint={t('imports.urlHint')} errors={errors.url}>
            <input
              id="import-url"
              type="url"
              required
              value={draft.url}
              maxLength={2048}
              spellcheck={false}
              onInput={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
              {...described('import-url', t('imports.urlHint'), errors.url)}
            />
          </Field>
          <Field id="import-name" label={t('imports.name')} hint={t('imports.nameHint')} errors={errors.name}>
            <input id="import-name" value={draft.name} maxLength={200} onInput={(event) => setDraft({ ...draft, name: event.currentTarget.value })} {...described('import-name', t('imports.nameHint'), errors.name)} />
          </Field>
          {errors.product && <p class="field-error">{errors.product.join(' ')}</p>}
          <button type="submit" class="primary" disabled={busy || draft.url.trim() === ''}>
            {busy ? t('imports.connecting') : t('imports.connect')}
          </button>
        </form>
      </section>
    </div>
  );
}

/** One imported feed: its state, its conflicts, and what can be done with it. */
function ImportItem(props: { calendar: Calendar; reservations: Interval[]; onChanged: (calendar: Calendar) => void; onRemoved: () => void }) {
  const i18n = useI18n();
  const { t, tp } = i18n;
  const { calendar } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: calendar.name ?? '', url: calendar.url });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const title = calendar.name || t('imports.unnamed');
  const idOf = (name: string) => `import-${calendar.id}-${name}`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const sync = () =>
    run(async () => {
      const next = await syncCalendar(calendar.id);
      props.onChanged(next);
      setNotice(next.lastStatus === 'failed' ? null : tp('imports.synced', next.events));
    });
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      // Only what changed: a URL sent again would be fetched again.
      const name = draft.name.trim() || null;
      const url = draft.url.trim();
      const patch = { ...(name !== (calendar.name ?? null) ? { name } : {}), ...(url !== calendar.url ? { url } : {}) };
      if (Object.keys(patch).length > 0) {
        const next = await updateCalendar(calendar.id, patch);
        props.onChanged(next);
        setNotice(t('imports.saved'));
      }
      setEditing(false);
    });
  };
  const startEditing = () => {
    setDraft({ name: calendar.name ?? '', url: calendar.url });
    setEditing(true);
    // The button goes; the focus moves to the first field instead of the page's start.
    requestAnimationFrame(() => document.getElementById(idOf('url'))?.focus());
  };
  const remove = () => {
    if (!window.confirm(t('imports.confirmRemove', { name: title }))) return;
    void run(async () => {
      await deleteCalendar(calendar.id);
      props.onRemoved();
    });
  };
  const errors = fieldErrors(failure);
  const own = (id: string) => props.reservations.find((item) => item.id === id);

  return (
    <li class={`import ${calendar.lastStatus === 'failed' ? 'import-failed' : ''}`}>
      <div class="import-head">
        <h3>{title}</h3>
        <ImportStatus calendar={calendar} />
      </div>
      <dl class="facts">
        <div>
          <dt>{t('imports.lastSynced')}</dt>
          <dd>{calendar.lastSyncedAt ? i18n.dateTime(calendar.lastSyncedAt) : t('imports.never')}</dd>
        </div>
        <div>
          <dt>{t('imports.events')}</dt>
          <dd>{i18n.number(calendar.events)}</dd>
        </div>
        <div>
          <dt>{t('imports.conflicts')}</dt>
          <dd>{i18n.number(calendar.conflicts.length)}</dd>
        </div>
        <div class="facts-wide">
          <dt>{t('imports.url')}</dt>
          <dd class="url">{calendar.url}</dd>
        </div>
      </dl>
      {calendar.lastError && (
        <p class="notice notice-error">
          {t('imports.lastError')} {calendar.lastError}
        </p>
      )}
      {calendar.conflicts.length > 0 && (
        <div class="conflicts">
          <p>{t('imports.conflictsIntro')}</p>
          <ul>
            {calendar.conflicts.map((conflict) => {
              const reservation = own(conflict.reservationId);
              return (
                <li key={`${conflict.uid}-${conflict.reservationId}`}>
                  {t('imports.conflict', {
                    imported: span(i18n, conflict.from, conflict.to),
                    own: reservation ? span(i18n, reservation.from, reservation.to) : conflict.reservationId,
                  })}
                  {reservation?.note && <span class="muted"> ({reservation.note})</span>}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <Notice text={notice} />
      {Object.keys(errors).length === 0 && <ErrorMessage error={failure} />}
      {editing ? (
        <form class="import-edit" onSubmit={save} noValidate>
          <Field id={idOf('url')} label={t('imports.url')} errors={errors.url}>
            <input id={idOf('url')} type="url" required value={draft.url} maxLength={2048} spellcheck={false} onInput={(event) => setDraft({ ...draft, url: event.currentTarget.value })} {...described(idOf('url'), undefined, errors.url)} />
          </Field>
          <Field id={idOf('name')} label={t('imports.name')} errors={errors.name}>
            <input id={idOf('name')} value={draft.name} maxLength={200} onInput={(event) => setDraft({ ...draft, name: event.currentTarget.value })} {...described(idOf('name'), undefined, errors.name)} />
          </Field>
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('imports.save')}
            </button>
            <button type="button" onClick={() => setEditing(false)} disabled={busy}>
              {t('imports.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div class="actions">
          <button type="button" class="primary" onClick={sync} disabled={busy} aria-label={t('imports.syncLabel', { name: title })}>
            {busy ? t('imports.syncing') : t('imports.sync')}
          </button>
          <button type="button" onClick={startEditing} disabled={busy} aria-label={t('imports.editLabel', { name: title })}>
            {t('imports.edit')}
          </button>
          <button type="button" class="danger" onClick={remove} disabled={busy} aria-label={t('imports.removeLabel', { name: title })}>
            {t('imports.remove')}
          </button>
        </div>
      )}
      <p class="muted">{t('imports.created', { date: when(i18n, calendar.createdAt) })}</p>
    </li>
  );
}
