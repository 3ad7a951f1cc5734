import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage, Notice } from '../components/feedback.js';
import { useLoad } from '../components/use-load.js';
import { statusOf } from '../errors.js';
import { RentalApiError } from '../api/client.js';
import { readStoredGallery, updateProduct, type Product, type StoredImage } from '../api/products.js';
import { deleteMedia, listMedia, updateAlt } from '../api/media.js';
import { uploadImage } from '../api/upload.js';
import type { LoadedProduct, ProductSection } from './product-screens.js';

const MAX_IMAGES = 50;
type Image = { id: string; alt?: string; url: string; filename: string };
type Upload = { key: number; name: string; progress: number; state: 'uploading' | 'done' | 'failed'; message?: string };

const imagesOf = (product: Product): Image[] =>
  product.gallery.images.map((image) => (typeof image === 'string' ? { id: image, url: '', filename: image } : { id: image.id, alt: image.alt, url: image.url, filename: image.filename }));

let uploadKeys = 0;

/** The product's images: upload several at once (or drop them), see each one's progress, order, describe and remove them. */
export function Gallery({ loaded, reload }: ProductSection) {
  const { t } = useI18n();
  const images = imagesOf(loaded.product);
  const ids = images.map((image) => image.id);
  const [thumbnails] = useLoad(async () => new Map((await listMedia(ids)).map((media) => [media.id, media.sizes?.thumbnail?.url ?? media.url])), [ids.join(',')]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const latest = useRef<LoadedProduct>(loaded);
  latest.current = loaded;

  useEffect(() => setAlts(Object.fromEntries(images.map((image) => [image.id, image.alt ?? '']))), [loaded.etag]);

  /** The stored entry of each image by id: an image object kept inline is written back as the object, not as an id no media document has. */
  const storedById = async (productId: string) => new Map((await readStoredGallery(productId)).map((entry) => [typeof entry === 'string' ? entry : entry.id, entry]));

  /**
   * Writes a new list of image ids (each as it is stored, see storedById; `edit` may change an
   * inline object); `merge` recomputes it from the latest product when someone else changed it
   * meanwhile. Gives the entries as they were stored before the write.
   */
  const writeImages = async (next: (current: string[]) => string[], merge: boolean, edit?: (entry: StoredImage) => StoredImage): Promise<Map<string, StoredImage>> => {
    let current = latest.current;
    for (let attempt = 0; ; attempt++) {
      try {
        const stored = await storedById(current.product.id);
        const entries = next(imagesOf(current.product).map((image) => image.id)).map((id) => {
          const entry = stored.get(id) ?? id;
          return edit ? edit(entry) : entry;
        });
        await updateProduct(current.product.id, { gallery: { images: entries } }, current.etag);
        await reload();
        return stored;
      } catch (error) {
        if (statusOf(error) === 412 && merge && attempt === 0) {
          current = await reload();
          continue;
        }
        if (statusOf(error) === 412) await reload();
        throw error;
      }
    }
  };

  const describeUploadError = (name: string, error: unknown) => {
    const status = statusOf(error);
    const message = error instanceof RentalApiError ? error.message : String(error);
    if (status === 413) return t('gallery.tooLarge', { name, message });
    if (status === 415) return t('gallery.badType', { name });
    return t('gallery.failed', { name, message });
  };

  const upload = async (files: File[]) => {
    setNotice(null);
    setFailure(null);
    if (files.length === 0) return;
    const room = MAX_IMAGES - imagesOf(latest.current.product).length;
    if (files.length > room) setFailure(new RentalApiError(400, [{ message: t('gallery.full') }]));
    const accepted = files.slice(0, Math.max(0, room));
    const entries = accepted.map((file) => ({ key: ++uploadKeys, name: file.name, progress: 0, state: 'uploading' as const }));
    setUploads((current) => [...current.filter((item) => item.state !== 'done'), ...entries]);
    const change = (key: number, patch: Partial<Upload>) => setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
    const results = await Promise.all(
      accepted.map(async (file, index) => {
        const key = (entries[index] as Upload).key;
        try {
          const media = await uploadImage(file, (progress) => change(key, { progress }));
          change(key, { progress: 1, state: 'done', message: t('gallery.uploaded', { name: file.name }) });
          return media.id;
        } catch (error) {
          change(key, { state: 'failed', message: describeUploadError(file.name, error) });
          return null;
        }
      }),
    );
    const added = results.filter((id): id is string => id !== null);
    if (added.length === 0) return;
    try {
      await writeImages((current) => [...current, ...added], true);
    } catch (error) {
      setFailure(error);
    }
  };

  const move = async (index: number, by: number) => {
    const target = index + by;
    if (target < 0 || target >= images.length) return;
    setFailure(null);
    const moved = images[index]?.id as string;
    try {
      await writeImages((current) => {
        const next = current.filter((id) => id !== moved);
        next.splice(target, 0, moved);
        return next;
      }, false);
      setNotice(t('gallery.reordered'));
      requestAnimationFrame(() => document.getElementById(`move-${by < 0 ? 'up' : 'down'}-${moved}`)?.focus());
    } catch (error) {
      setFailure(error);
    }
  };

  const remove = async (id: string) => {
    if (!window.confirm(t('gallery.confirmRemove'))) return;
    setFailure(null);
    try {
      const stored = await writeImages((current) => current.filter((item) => item !== id), false);
      // The file goes too, unless another product's gallery still shows it (a 409: then it stays); an inline image object has no media document.
      if (typeof stored.get(id) !== 'object')
        await deleteMedia(id).catch((error: unknown) => {
          if (statusOf(error) !== 409) throw error;
        });
      setNotice(t('gallery.removed'));
    } catch (error) {
      setFailure(error);
    }
  };

  const saveAlt = async (id: string) => {
    setFailure(null);
    try {
      const alt = alts[id] ?? '';
      // An inline image object's alt is the product's to change; a media document's, the media's.
      if (typeof (await storedById(latest.current.product.id)).get(id) === 'object')
        await writeImages((current) => current, false, (entry) => (typeof entry === 'object' && entry.id === id ? { ...entry, alt } : entry));
      else await updateAlt(id, alt);
      await reload();
      setNotice(t('gallery.altSaved'));
    } catch (error) {
      setFailure(error);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...(event.dataTransfer?.files ?? [])]);
  };

  return (
    <div class="gallery">
      <h2>{t('gallery.title')}</h2>
      <Notice text={notice} />
      <ErrorMessage error={failure} />
      <div
        class={`dropzone ${dragging ? 'dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          {t('gallery.drop')}{' '}
          <label class="file-label" for="gallery-files">
            {t('gallery.choose')}
          </label>
        </p>
        <input
          id="gallery-files"
          class="file-input"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-describedby="gallery-hint"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void upload(files);
          }}
        />
        <p class="hint" id="gallery-hint">
          {t('gallery.hint')}
        </p>
      </div>
      {uploads.length > 0 && (
        <ul class="uploads">
          {uploads.map((item) => (
            <li key={item.key} class={`upload upload-${item.state}`}>
              {item.state === 'uploading' ? (
                <>
                  <span id={`upload-${item.key}`}>{t('gallery.uploading', { name: item.name })}</span>
                  <progress max={1} value={item.progress} aria-labelledby={`upload-${item.key}`} />
                </>
              ) : (
                <span role={item.state === 'failed' ? 'alert' : 'status'}>{item.message}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {images.length === 0 ? (
        <p class="empty">{t('gallery.empty')}</p>
      ) : (
        <ol class="images">
          {images.map((image, index) => {
            const n = index + 1;
            const thumbnail = thumbnails.data?.get(image.id) ?? image.url;
            return (
              <li key={image.id} class="image">
                {thumbnail ? <img src={thumbnail} alt={image.alt || t('gallery.image', { n })} loading="lazy" width={160} height={120} /> : <span class="no-thumb">{image.filename}</span>}
                <div class="field">
                  <label for={`alt-${image.id}`}>{t('gallery.alt', { n })}</label>
                  <input id={`alt-${image.id}`} value={alts[image.id] ?? ''} onInput={(event) => setAlts({ ...alts, [image.id]: event.currentTarget.value })} />
                </div>
                <div class="image-actions">
                  <button type="button" onClick={() => saveAlt(image.id)} disabled={(alts[image.id] ?? '') === (image.alt ?? '')}>
                    {t('gallery.saveAlt')}
                  </button>
                  <button type="button" id={`move-up-${image.id}`} onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('gallery.moveUp', { n })}>
                    ↑
                  </button>
                  <button type="button" id={`move-down-${image.id}`} onClick={() => move(index, 1)} disabled={index === images.length - 1} aria-label={t('gallery.moveDown', { n })}>
                    ↓
                  </button>
                  <button type="button" class="danger" onClick={() => remove(image.id)} aria-label={t('gallery.remove', { n })}>
                    ✕
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
