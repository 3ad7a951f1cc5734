import { createContext, type ComponentChildren } from 'preact';
import { useContext, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { cs } from './cs.js';
import { en, type MessageKey } from './en.js';

export type Locale = 'cs' | 'en';
export const LOCALES: { code: Locale; name: string }[] = [
  { code: 'cs', name: 'Čeština' },
  { code: 'en', name: 'English' },
];
const DICTIONARIES: Record<Locale, Record<string, string>> = { cs, en };
/** A language preference is not a secret: it may stay in localStorage (the session never does). */
const STORED = 'rental-dashboard-locale';

/** The stored choice, else the first of the browser's languages we speak, else English. */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORED);
    if (stored === 'cs' || stored === 'en') return stored;
  } catch {
    // Storage may be disabled; the browser's languages still decide.
  }
  for (const language of navigator.languages ?? [navigator.language]) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'cs' || base === 'en') return base;
    if (base === 'sk') return 'cs';
  }
  return 'en';
}

type Params = Record<string, string | number>;

export interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t(key: MessageKey, params?: Params): string;
  /** A plural message: `key_one`, `key_few`… chosen by Intl.PluralRules for `count`. */
  tp(key: string, count: number, params?: Params): string;
  number(value: number): string;
  /** An ISO date (`2026-12-01`) or date-time, as a date in the locale; date-only values are UTC days. */
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
  month(year: number, month: number): string;
  weekdays: string[];
  /** 0 = Sunday … 6 = Saturday: the locale's first day of the week. */
  firstDay: number;
}

const fill = (text: string, params: Params = {}) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

function createI18n(locale: Locale, setLocale: (locale: Locale) => void): I18n {
  const dictionary = DICTIONARIES[locale];
  const plural = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const localDates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const months = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const localeInfo = new Intl.Locale(locale === 'en' ? 'en-GB' : 'cs-CZ') as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const firstDay = (localeInfo.getWeekInfo?.() ?? localeInfo.weekInfo)?.firstDay ?? 1;
  // 2023-01-01 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, day) => weekdayFormat.format(Date.UTC(2023, 0, 1 + day)));
  const t = (key: string, params?: Params) => fill(dictionary[key] ?? en[key as MessageKey] ?? key, params);
  return {
    locale,
    setLocale,
    t,
    tp: (key, count, params) => {
      const form = `${key}_${plural.select(count)}`;
      return t(form in dictionary ? form : `${key}_other`, { count: numbers.format(count), ...params });
    },
    number: (value) => numbers.format(value),
    date: (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dates.format(new Date(`${value}T00:00:00Z`)) : localDates.format(new Date(value))),
    dateTime: (value) => dateTimes.format(new Date(value)),
    month: (year, month) => months.format(Date.UTC(year, month, 1)),
    weekdays,
    firstDay: firstDay % 7,
  };
}

const I18nContext = createContext<I18n>(createI18n('en', () => undefined));

export function I18nProvider({ children }: { children: ComponentChildren }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const value = useMemo(
    () =>
      createI18n(locale, (next) => {
        try {
          localStorage.setItem(STORED, next);
        } catch {
          // Not kept; the choice still holds for this page.
        }
        setLocaleState(next);
      }),
    [locale],
  );
  // In the same commit as the text: with useEffect the page spoke the new language a frame
  // before its `lang` said so (what screen readers pronounce by; a browser test caught it).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    document.title = value.t('app.title');
  }, [locale, value]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
