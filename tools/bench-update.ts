/**
 * `node --import tsx tools/bench-update.ts [--triples N]`: the SPARQL Update
 * speed checks of the update issue, on the MemoryStore, in one process:
 * - INSERT DATA of N triples (default 1M, the first N of LUBM(10)) against
 *   the store's own bulk load of the same triples (target ≥ 50%);
 * - DELETE WHERE removing 100k statements from a store of 200k and from one of
 *   1.1M (target: about the same time: proportional to the matches, not the store).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { rdfFormatFor } from '../src/formats/registry.ts';
import { df } from '../src/rdf/terms.ts';
import { MemoryStore } from '../src/sail/memory/store.ts';
import { prepareUpdate } from '../src/sparql/update/update.ts';

const at = process.argv.indexOf('--triples');
const count = at > 0 ? Number(process.argv[at + 1]) : 1_000_000;
const source = fileURLToPath(new URL('../../shared/bench/lubm/lubm10.nt.gz', import.meta.url));

async function firstLines(n: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(source).pipe(createGunzip()) })) {
    lines.push(line);
    if (lines.length === n) break;
  }
  return lines;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

const lines = await firstLines(count);
const bulkStore = new MemoryStore();
const bulk = await timed(async () => {
  const connection = bulkStore.connection();
  connection.begin();
  await rdfFormatFor('nt')!.parse([lines.join('\n')], { quad: (q) => connection.addStatement(q) });
  await connection.commit();
});
const insertStore = new MemoryStore();
const insert = await timed(async () => {
  const update = prepareUpdate(`INSERT DATA {\n${lines.join('\n')}\n}`);
  const connection = insertStore.connection();
  connection.begin();
  await update.execute(connection);
  await connection.commit();
});
console.log(`bulk load of ${count} triples: ${bulk.toFixed(2)} s (${Math.round(count / bulk)} triples/s)`);
console.log(`INSERT DATA of ${count} triples: ${insert.toFixed(2)} s (${Math.round(count / insert)} triples/s), ${((bulk / insert) * 100).toFixed(0)}% of the bulk-load rate`);

/** DELETE WHERE of 100k matching statements from a store that also holds `others` unrelated ones. */
async function deleteWhere(others: number): Promise<number> {
  const store = new MemoryStore();
  const connection = store.connection();
  connection.begin();
  const p = df.namedNode('http://example.org/doomed');
  for (let i = 0; i < 100_000; i++) connection.addStatement(df.quad(df.namedNode(`http://example.org/s${i}`), p, df.literal(String(i))));
  for (let i = 0; i < others; i++) connection.addStatement(df.quad(df.namedNode(`http://example.org/o${i}`), df.namedNode('http://example.org/kept'), df.literal(String(i))));
  await connection.commit();
  const update = prepareUpdate('DELETE WHERE { ?s <http://example.org/doomed> ?o }');
  const seconds = await timed(async () => {
    connection.begin();
    await update.execute(connection);
    await connection.commit();
  });
  if (connection.size() !== others) throw new Error('DELETE WHERE removed the wrong statements');
  return seconds;
}
const small = await deleteWhere(100_000);
const large = await deleteWhere(1_000_000);
console.log(`DELETE WHERE of 100000 statements: ${small.toFixed(2)} s in a store of 200000, ${large.toFixed(2)} s in a store of 1100000 (ratio ${(large / small).toFixed(2)})`);
