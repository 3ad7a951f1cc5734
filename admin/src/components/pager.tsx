import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';

/**
 * Page links over any number of pages: first, previous, "page N of M", a page number to jump
 * to, next and last. Only the page shown is ever loaded.
 */
export function Pager({ page, pages, go }: { page: number; pages: number; go: (page: number) => void }) {
  const { t, number } = useI18n();
  const [wanted, setWanted] = useState('');
  if (pages <= 1) return null;
  const jump = (event: Event) => {
    event.preventDefault();
    const target = Math.min(pages, Math.max(1, Math.trunc(Number(wanted))));
    if (Number.isFinite(target)) go(target);
    setWanted('');
  };
  return (
    <nav class="pager" aria-label={t('pager.label')}>
      <button type="button" onClick={() => go(1)} disabled={page <= 1} aria-label={t('pager.first')}>
        «
      </button>
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('pager.previous')}>
        ‹
      </button>
      <span class="pager-position" aria-current="page">
        {t('pager.page', { page: number(page), pages: number(pages) })}
      </span>
      <button type="button" onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t('pager.next')}>
        ›
      </button>
      <button type="button" onClick={() => go(pages)} disabled={page >= pages} aria-label={t('pager.last')}>
        »
      </button>
      <form class="pager-jump" onSubmit={jump}>
        <label for="pager-page">{t('pager.goTo')}</label>
        <input id="pager-page" type="number" min={1} max={pages} inputMode="numeric" value={wanted} onInput={(event) => setWanted(event.currentTarget.value)} />
        <button type="submit">{t('pager.go')}</button>
      </form>
    </nav>
  );
}
