/** The `prefixes` writer option (spec §4.15 formats that abbreviate IRIs) as a list of [prefix, namespace] pairs. */
import type { RdfWriteOptions } from '../format.ts';

export function prefixEntries(prefixes: RdfWriteOptions['prefixes']): [prefix: string, namespace: string][] {
  if (!prefixes) return [];
  return prefixes instanceof Map ? [...prefixes] : Object.entries(prefixes as Record<string, string>);
}
