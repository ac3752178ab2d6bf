/**
 * A BSBM-style explore mix over HTTP (perf-anchors.md §i): each client loops
 * over the 25-query explore sequence with the fixed query instances of
 * `shared/bench/bsbm/queries-*`; after warm-up mixes, only the mixes that
 * finish inside the window count. Not the official BSBM driver (no fresh
 * parameters per mix), and the load generator shares the machine's cores.
 */
import type { NamedQuery } from './data.ts';
import { countHttp, type Endpoint } from './sparql-http.ts';

/** BSBM's explore mix: query template numbers in order (q06, the regex query, is not in it). */
export const EXPLORE_MIX = [1, 2, 2, 3, 2, 2, 4, 2, 2, 5, 7, 7, 5, 7, 7, 8, 9, 9, 8, 9, 9, 10, 10, 11, 12];

export interface MixResult {
  readonly clients: number;
  readonly seconds: number;
  readonly mixes: number;
  readonly queries: number;
  readonly errors: number;
  /** Query mixes per hour: mixes × 3600 / window. */
  readonly qmph: number;
  readonly queriesPerSecond: number;
  readonly firstError?: string;
}

/** The mix as query texts, in order; throws when a template of the mix is missing from the folder. */
export function mixQueries(queries: readonly NamedQuery[]): string[] {
  return EXPLORE_MIX.map((n) => {
    const id = `q${String(n).padStart(2, '0')}`;
    const query = queries.find((q) => q.id === id);
    if (!query) throw new Error(`the explore mix needs ${id}.rq`);
    return query.sparql;
  });
}

export async function runMix(endpoint: Endpoint, mix: readonly string[], clients: number, seconds: number, timeoutMs: number): Promise<MixResult> {
  for (let i = 0; i < 2; i++) for (const q of mix) await countHttp(endpoint, q, timeoutMs);
  const end = performance.now() + seconds * 1000;
  const tally = { mixes: 0, queries: 0, errors: 0, firstError: undefined as string | undefined };
  const client = async () => {
    while (performance.now() < end) {
      for (const q of mix) {
        if (performance.now() >= end) return;
        try {
          await countHttp(endpoint, q, timeoutMs);
          tally.queries++;
        } catch (error) {
          tally.errors++;
          tally.firstError ??= (error as Error).message;
        }
      }
      if (performance.now() <= end) tally.mixes++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return {
    clients,
    seconds,
    mixes: tally.mixes,
    queries: tally.queries,
    errors: tally.errors,
    qmph: (tally.mixes * 3600) / seconds,
    queriesPerSecond: tally.queries / seconds,
    ...(tally.firstError === undefined ? {} : { firstError: tally.firstError }),
  };
}
