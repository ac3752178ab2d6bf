/**
 * The query overlays of spec §4.3 (`distinct`, `offset`, `limit`), applied to
 * a result on the client side, for remote endpoints that know nothing of them:
 * in RDF4J's order distinct → offset → limit, on the result stream.
 */
import { termKey } from '../../rdf/terms.ts';
import type { Solution } from '../../formats/format.ts';
import type { EvaluationOptions, QueryResult } from '../../sparql/api.ts';

export function applyOverlays(result: QueryResult, options: EvaluationOptions): QueryResult {
  const { distinct = false, offset = 0, limit } = options;
  if (result.kind !== 'bindings' || (!distinct && offset <= 0 && limit === undefined)) return result;
  return { ...result, solutions: overlay(result.solutions, distinct, offset, limit) };
}

async function* overlay(solutions: AsyncIterable<readonly Solution[]>, distinct: boolean, offset: number, limit: number | undefined): AsyncGenerator<readonly Solution[]> {
  const seen = new Set<string>();
  let skip = offset;
  let left = limit === undefined || limit <= 0 ? Infinity : limit;
  for await (const batch of solutions) {
    const out: Solution[] = [];
    for (const row of batch) {
      if (distinct) {
        const key = row.map((t) => (t === undefined ? '' : termKey(t))).join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
      }
      if (skip > 0) {
        skip--;
        continue;
      }
      if (left <= 0) break;
      out.push(row);
      left--;
    }
    if (out.length > 0) yield out;
    if (left <= 0) return;
  }
}
