/**
 * Optional fields stay absent (spec §2.3: a configuration or request says only
 * what it sets): an object literal without its undefined members, so that
 * spreading it never overrides a default with `undefined`.
 */
export function defined<T extends object>(object: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
