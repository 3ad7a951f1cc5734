import { useI18n } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/en.js';

export function ProductState({ published }: { published: boolean }) {
  const { t } = useI18n();
  return <span class={`badge ${published ? 'badge-on' : 'badge-off'}`}>{t(published ? 'products.isPublished' : 'products.isDraft')}</span>;
}

/** "450 / day", the number in the locale; a unit the dictionary does not know is shown as it is. */
export function usePrice() {
  const i18n = useI18n();
  return (price: number | undefined, unit: string | undefined) => {
    if (price === undefined) return '';
    const amount = i18n.number(price);
    if (!unit) return amount;
    const key = `unit.${unit}` as MessageKey;
    const unitName = i18n.t(key) === key ? unit : i18n.t(key);
    return i18n.t('products.perUnit', { price: amount, unit: unitName });
  };
}
