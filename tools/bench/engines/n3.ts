/**
 * N3.js's `N3.Store` (in memory): the N-Triples chunks go through `N3.Parser`
 * with a callback into `store.addQuad`. N3.Store has no SPARQL engine, so it
 * measures loading only; `comunica` queries the same store.
 */
import N3 from 'n3';
import { textChunks, type DataSource } from '../data.ts';
import { OperationUnsupported, type Engine } from '../engine.ts';
import { Progress } from '../progress.ts';

/** Parses the source into an N3.Store, one line-aligned chunk at a time. */
export async function loadN3Store(store: N3.Store, source: DataSource, label: string): Promise<number> {
  const progress = new Progress(label);
  for await (const text of textChunks(source)) {
    const before = store.size;
    await parseChunk(text, (quad) => store.addQuad(quad));
    progress.add(store.size - before);
  }
  return store.size;
}

/** `N3.Parser#parse` with a callback finishes asynchronously: its end is the callback without a quad. */
function parseChunk(text: string, onQuad: (quad: N3.Quad) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    new N3.Parser({ format: 'N-Triples' }).parse(text, (error, quad) => {
      if (error) reject(error);
      else if (quad) onQuad(quad);
      else resolve();
    });
  });
}

export async function open(): Promise<Engine> {
  const store = new N3.Store();
  return {
    name: 'n3',
    load: (source: DataSource) => loadN3Store(store, source, 'n3'),
    async query() {
      throw new OperationUnsupported('N3.Store has no SPARQL engine (the comunica column queries it)');
    },
    async close() {},
  };
}
