import { RentalApiError } from './api/client.js';
import type { I18n } from './i18n/i18n.js';
import type { MessageKey } from './i18n/en.js';

/**
 * An error in words in the chosen language, with the service's own message where it adds
 * something: the items without a field, and those with one too unless the screen shows them
 * by their fields (`fieldsShown`). A filter or a gallery has no field for `availableTo` or
 * `gallery.images.0`: without their messages "Some values are not valid" said nothing more.
 */
export function describeError(i18n: I18n, error: unknown, fieldsShown = false): string {
  if (!(error instanceof RentalApiError)) return i18n.t('app.crashed', { message: error instanceof Error ? error.message : String(error) });
  if (error.status === 0) return i18n.t(error.message === 'cookie-refused' ? 'session.cookieRefused' : 'error.network');
  const key = `error.${error.status}` as MessageKey;
  const general = key in { 'error.400': 1, 'error.401': 1, 'error.403': 1, 'error.404': 1, 'error.409': 1, 'error.412': 1, 'error.413': 1, 'error.415': 1, 'error.429': 1, 'error.500': 1, 'error.503': 1 }
    ? i18n.t(key)
    : i18n.t('error.other', { status: error.status });
  const details = error.errors.filter((item) => !fieldsShown || !item.field).map((item) => item.message);
  return details.length > 0 && error.status < 500 ? `${general} ${i18n.t('error.details', { message: details.join(' ') })}` : general;
}

/** The API's 400/409 items by field path (`basic.product_name`), several per field possible. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  if (!(error instanceof RentalApiError)) return byField;
  for (const item of error.errors) if (item.field) (byField[item.field] ??= []).push(item.message);
  return byField;
}

export const statusOf = (error: unknown): number | undefined => (error instanceof RentalApiError ? error.status : undefined);
