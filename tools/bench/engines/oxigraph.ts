/**
 * Oxigraph (WASM build, in-memory `Store`): loads N-Triples chunk by chunk
 * through `store.load`, answers SPARQL with `store.query` (a JS array of
 * results, so the count is its length).
 */
import oxigraph from 'oxigraph';
import { lineChunks, type DataSource } from '../data.ts';
import type { Engine } from '../engine.ts';
import { countLines, Progress } from '../progress.ts';

export async function open(): Promise<Engine> {
  const store = new oxigraph.Store();
  return {
    name: 'oxigraph',
    async load(source: DataSource) {
      const progress = new Progress('oxigraph');
      for await (const chunk of lineChunks(source)) {
        store.load(chunk, { format: 'application/n-triples' });
        progress.add(countLines(chunk));
      }
      return store.size;
    },
    async query(sparql: string) {
      const result = store.query(sparql);
      if (typeof result === 'boolean') return result ? 1 : 0;
      if (typeof result === 'string') throw new Error('oxigraph returned serialized results; expected objects');
      return result.length;
    },
    async close() {},
  };
}
