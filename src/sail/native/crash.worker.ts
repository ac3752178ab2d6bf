/**
 * The writer the crash tests kill (`crash.test.ts`, `npm run soak:native`):
 * it commits a deterministic sequence of transactions into a NativeStore
 * until it is killed, printing each transaction number once commit() returns.
 *
 * Transaction k adds ten statements about <s{k}> in graph <g{k mod 3}>, removes
 * every statement about <s{k-5}>, and moves the marker <marker> <at> "k". So
 * after transaction k the store holds exactly subjects s{k-4}..s{k} and the
 * marker, which `expectedAfter(k)` rebuilds for comparison.
 * Modes: `small` (one small transaction at a time), `bulk` (every 5th
 * transaction also adds 20,000 statements about <bulk{k}>, removed by the
 * next), `reindex` (reopens with a changed index list before writing).
 */
import { df, type Quad } from '../../rdf/terms.ts';
import type { SailConnection } from '../sail.ts';
import { NativeStore } from './store.ts';

const ex = (local: string) => df.namedNode(`http://example.org/${local}`);

export function statementsOf(k: number): Quad[] {
  return Array.from({ length: 10 }, (_, j) => df.quad(ex(`s${k}`), ex('p'), df.literal(`o${k}-${j}`), ex(`g${k % 3}`)));
}

/** The marker names the transaction and the mode of the writer that committed it (the bulk depends on it). */
export function marker(k: number, mode: string): Quad {
  return df.quad(ex('marker'), ex('at'), df.literal(`${k} ${mode}`));
}

function bulkOf(k: number): Quad[] {
  return Array.from({ length: 20000 }, (_, i) => df.quad(ex(`bulk${k}`), ex(`q${i % 13}`), df.literal(`v${i}`)));
}

/** The statements the store must hold after transaction k, committed by a writer in `mode`. */
export function expectedAfter(k: number, mode: string): Quad[] {
  const quads: Quad[] = [];
  for (let i = Math.max(1, k - 4); i <= k; i++) quads.push(...statementsOf(i));
  if (k > 0) quads.push(marker(k, mode));
  if (mode === 'bulk' && k > 0 && k % 5 === 0) quads.push(...bulkOf(k));
  return quads;
}

/** The transaction number and writer mode the marker statement names (0 for an empty store). */
export function committedMarker(conn: SailConnection): { k: number; mode: string } {
  const at = conn.values.lookup(ex('at'));
  const found = at === undefined ? [] : [...conn.match({ p: at })];
  if (found.length === 0) return { k: 0, mode: 'small' };
  const [k, mode] = conn.values.term(found[0]![2]).value.split(' ');
  return { k: Number(k), mode: mode! };
}

async function run(dir: string, mode: string): Promise<void> {
  const store = new NativeStore({ dataDir: dir, forceSync: true, tripleIndexes: mode === 'reindex' ? 'spoc,posc,cosp' : 'spoc,posc' });
  await store.init();
  const conn = store.connection();
  let { k } = committedMarker(conn);
  process.stdout.write(`start ${k}\n`);
  for (;;) {
    k++;
    conn.begin();
    for (const quad of statementsOf(k)) conn.addStatement(quad);
    for (const gone of [ex(`s${k - 5}`), ex(`bulk${k - 1}`), ex('marker')]) {
      const id = conn.values.lookup(gone);
      if (id !== undefined) conn.removeStatements({ s: id });
    }
    conn.addStatement(marker(k, mode));
    if (mode === 'bulk' && k % 5 === 0) for (const quad of bulkOf(k)) conn.addStatement(quad);
    await conn.commit();
    process.stdout.write(`committed ${k}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(process.argv[2]!, process.argv[3] ?? 'small');
}
