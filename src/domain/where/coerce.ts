import type { FieldType, Scalar } from './types.js';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Coerces one query value to a field's type; undefined when it cannot be. */
export function coerceScalar(type: FieldType, value: unknown): Scalar | undefined {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'boolean') return String(value);
      return undefined;
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
      return undefined;
    case 'boolean':
      return coerceBoolean(value);
    case 'date': {
      if (typeof value !== 'string' || !ISO_DATE.test(value.trim())) return undefined;
      const text = value.trim();
      const ms = Date.parse(text.length === 10 ? `${text}T00:00:00.000Z` : text);
      return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
    }
  }
}

/** `true`/`false` in any case (Payload lower-cases them), `1`/`0`, or the JSON values. */
export function coerceBoolean(value: unknown): boolean | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === true || text === 'true' || text === '1' || text === 1) return true;
  if (text === false || text === 'false' || text === '0' || text === 0) return false;
  return undefined;
}
