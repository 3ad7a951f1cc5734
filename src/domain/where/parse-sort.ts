import { ValidationError } from '../../errors/api-error.js';
import type { FieldCatalogue, SortKey } from './types.js';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** `-createdAt,basic.product_name` → sort keys, with `id` appended to break ties. */
export function parseSort(input: unknown, fields: FieldCatalogue, fallback: string): SortKey[] {
  const text = input === undefined || input === '' ? fallback : isStringList(input) ? input.join(',') : input;
  if (typeof text !== 'string') throw new ValidationError([{ field: 'sort', message: 'Must be a comma-separated list of fields.' }]);
  const keys: SortKey[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const descending = part.startsWith('-');
    const path = descending || part.startsWith('+') ? part.slice(1) : part;
    const field = fields.get(path);
    if (!field || !field.sortable) {
      const sortable = [...fields.values()].filter((f) => f.sortable).map((f) => f.path);
      throw new ValidationError([{ field: 'sort', message: `Cannot sort by \`${path}\`; sortable fields: ${sortable.join(', ')}.` }]);
    }
    if (seen.has(path)) continue;
    seen.add(path);
    keys.push({ field, descending });
  }
  const id = fields.get('id');
  if (id && !seen.has('id')) keys.push({ field: id, descending: keys[0]?.descending ?? false });
  return keys;
}
