/**
 * Comunica (`@comunica/query-sparql-rdfjs` v4) over an N3.Store: the store is
 * loaded as in `n3.ts`, then each query runs through Comunica's engine with
 * the store as its only RDF/JS source, and the result stream is drained.
 */
import { QueryEngine } from '@comunica/query-sparql-rdfjs';
import type * as RDF from '@rdfjs/types';
import N3 from 'n3';
import type { DataSource } from '../data.ts';
import type { Engine } from '../engine.ts';
import { loadN3Store } from './n3.ts';

/** Runs `sparql` over `source` and counts what comes back, whatever the query form. */
export async function comunicaCount(engine: QueryEngine, sparql: string, source: RDF.Source): Promise<number> {
  const result = await engine.query(sparql, { sources: [source] });
  switch (result.resultType) {
    case 'boolean':
      return (await result.execute()) ? 1 : 0;
    case 'bindings':
    case 'quads': {
      let count = 0;
      for await (const _ of await result.execute()) count++;
      return count;
    }
    case 'void':
      await result.execute();
      return 0;
  }
}

export async function open(): Promise<Engine> {
  const store = new N3.Store();
  const engine = new QueryEngine();
  return {
    name: 'comunica',
    load: (source: DataSource) => loadN3Store(store, source, 'comunica'),
    query: (sparql: string) => comunicaCount(engine, sparql, store),
    async close() {},
  };
}
