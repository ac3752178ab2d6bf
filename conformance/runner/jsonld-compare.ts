/**
 * JSON-LD object comparison (json-ld-api tests/README.md "JSON-LD Object
 * comparison"): members compared regardless of order, arrays regardless of
 * order except values of `@list`, values by strict equality, language tags
 * case-insensitively.
 */
import type { Json } from './jsonld-adapter.ts';

export function jsonLdEqual(a: Json, b: Json): boolean {
  return canonical(a) === canonical(b);
}

/** A string that is equal for two documents exactly when they are equal under the comparison. */
export function canonical(value: Json, key?: string): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    if (key !== '@list') items.sort();
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k]!, k)}`);
    return `{${members.join(',')}}`;
  }
  if (key === '@language' && typeof value === 'string') return JSON.stringify(value.toLowerCase());
  return JSON.stringify(value);
}
