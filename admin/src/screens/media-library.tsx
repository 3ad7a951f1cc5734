import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { ErrorMessage, Loading, Notice } from '../components/feedback.js';
import { Pager } from '../components/pager.js';
import { useLoad } from '../components/use-load.js';
import { deleteMedia, listLibrary, updateAlt } from '../api/media.js';
import type { Media } from '../api/client.js';

const PAGE_SIZE = 24;

/**
 * The media library (SPEC 5): every image an owner uploaded (an admin: everyone's), used in a
 * gallery or not, with its alt text to change and a delete, which the API refuses (409) while a
 * gallery uses the image. An upload whose gallery was never saved is found and removed here.
 */
export function MediaLibrary() {
  const i18n = useI18n();
  const { t } = i18n;
  const user = useUser();
  const { isAdmin } = useSession();
  const { query, path, route } = useLocation();
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const [list, reload, replace] = useLoad(() => listLibrary(page, PAGE_SIZE, isAdmin ? null : user.id), [page, isAdmin, user.id]);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alts, setAlts] = useState<Record<string, string>>({});

  const act = async (media: Media, work: () => Promise<string>) => {
    setBusy(media.id);
    setFailure(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };
  const saveAlt = (media: Media) =>
    act(media, async () => {
      const { doc } = await updateAlt(media.id, alts[media.id] ?? media.alt);
      if (list.data) replace({ ...list.data, docs: list.data.docs.map((item) => (item.id === doc.id ? doc : item)) });
      return t('library.altSaved', { name: doc.filename });
    });
  const remove = (media: Media) => {
    if (!window.confirm(t('library.confirmDelete', { name: media.filename }))) return;
    void act(media, async () => {
      await deleteMedia(media.id);
      reload();
      return t('library.deleted', { name: media.filename });
    });
  };

  return (
    <section>
      <h1>{t('library.title')}</h1>
      <p class="intro">{t('library.intro')}</p>
      <Notice text={notice} />
      <ErrorMessage error={failure} />
      {list.status === 'failed' && <ErrorMessage error={list.error} retry={reload} />}
      {list.status === 'loading' && !list.data && <Loading />}
      {list.data && list.data.docs.length === 0 && (
        <div class="empty">
          <p>{t('library.none')}</p>
        </div>
      )}
      {list.data && list.data.docs.length > 0 && (
        <ul class="library">
          {list.data.docs.map((media) => (
            <li key={media.id} class="card">
              <img src={media.sizes?.thumbnail?.url ?? media.url} alt={media.alt} loading="lazy" />
              <p>
                <a href={media.url}>{media.filename}</a>
                <span class="muted cell-note">
                  {media.width} × {media.height} · {i18n.date(media.createdAt)}
                </span>
              </p>
              <label for={`alt-${media.id}`}>{t('library.alt', { name: media.filename })}</label>
              <input id={`alt-${media.id}`} value={alts[media.id] ?? media.alt} onInput={(event) => setAlts({ ...alts, [media.id]: event.currentTarget.value })} />
              <div class="actions">
                <button type="button" disabled={busy === media.id} onClick={() => saveAlt(media)} aria-label={t('library.saveAltLabel', { name: media.filename })}>
                  {t('library.saveAlt')}
                </button>
                <button type="button" class="danger" disabled={busy === media.id} onClick={() => remove(media)} aria-label={t('library.deleteLabel', { name: media.filename })}>
                  {t('library.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pages={list.data.totalPages} go={(next) => route(next > 1 ? `${path}?page=${next}` : path)} />}
    </section>
  );
}
