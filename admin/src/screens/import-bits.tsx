import { useI18n, type I18n } from '../i18n/i18n.js';
import type { Calendar } from '../api/calendars.js';
import type { MessageKey } from '../i18n/en.js';

const STATUS: Record<string, { key: MessageKey; tone: string }> = {
  ok: { key: 'imports.status.ok', tone: 'badge-on' },
  'not-modified': { key: 'imports.status.not-modified', tone: 'badge-on' },
  failed: { key: 'imports.status.failed', tone: 'badge-bad' },
};

/** An import's last sync in words: synced, unchanged, failed, or not yet. */
export function ImportStatus({ calendar }: { calendar: Pick<Calendar, 'lastStatus'> }) {
  const { t } = useI18n();
  const status = calendar.lastStatus ? STATUS[calendar.lastStatus] : undefined;
  return <span class={`badge ${status?.tone ?? 'badge-off'}`}>{t(status?.key ?? 'imports.status.never')}</span>;
}

/** A date (`2026-12-01`, a whole UTC day) or a date-time, as the locale writes it. */
export const when = (i18n: I18n, value: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? i18n.date(value) : i18n.dateTime(value));

/** An interval `from – to` in the locale. */
export const span = (i18n: I18n, from: string, to: string): string => `${when(i18n, from)} – ${when(i18n, to)}`;
