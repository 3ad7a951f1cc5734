import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage } from '../components/feedback.js';
import type { Quote } from '../api/bookings.js';

export interface QuoteState {
  state: 'loading' | 'failed' | 'ready';
  data?: Quote;
  error?: unknown;
}

/** The quote of the chosen days (GET /api/products/:id/quote): units × unit price, the caution, the total, and the rules a request for them would break. */
export function QuoteBox({ quote }: { quote: QuoteState }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (quote.state === 'failed') return <ErrorMessage error={quote.error} />;
  const data = quote.data;
  if (quote.state === 'loading' || !data) return <p class="quote muted">{t('quote.loading')}</p>;
  const money = (value: number | null) => (value === null ? '–' : i18n.number(value));
  return (
    <div class="quote" aria-live="polite">
      <p>
        {t('quote.line', { units: i18n.tp(`unitCount.${data.time_unit}`, data.units), unitPrice: money(data.unitPrice), price: money(data.price) })}
        {data.caution > 0 && <> {t('quote.caution', { caution: money(data.caution) })}</>}{' '}
        <strong>{t('quote.total', { total: money(data.total) })}</strong>
      </p>
      {data.violations.length > 0 ? (
        <ul class="violations">
          {data.violations.map((violation) => (
            <li key={`${violation.field}-${violation.message}`}>{violation.message}</li>
          ))}
        </ul>
      ) : (
        data.available && <p class="all-well">{t('quote.available')}</p>
      )}
    </div>
  );
}
