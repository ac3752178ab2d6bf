/**
 * quadstore on classic-level (LevelDB on disk, in the scratch directory):
 * N-Triples parsed by N3.js and written with `multiPut` in batches of 5,000
 * (as the anchors measured it); queries run through Comunica with the
 * quadstore as its RDF/JS source (what quadstore-comunica packages).
 */
import { QueryEngine } from '@comunica/query-sparql-rdfjs';
import { ClassicLevel } from 'classic-level';
import N3 from 'n3';
import { Quadstore } from 'quadstore';
import { join } from 'node:path';
import { textChunks, type DataSource } from '../data.ts';
import type { Engine, EngineContext } from '../engine.ts';
import { Progress } from '../progress.ts';
import { comunicaCount } from './comunica.ts';

const BATCH = 5_000;

export async function open(ctx: EngineContext): Promise<Engine> {
  const backend = new ClassicLevel<string, string>(join(ctx.scratchDir, 'quadstore'));
  const store = new Quadstore({ backend, dataFactory: N3.DataFactory });
  await store.open();
  const engine = new QueryEngine();
  return {
    name: 'quadstore',
    async load(source: DataSource) {
      const progress = new Progress('quadstore');
      for await (const text of textChunks(source)) {
        const quads = new N3.Parser({ format: 'N-Triples' }).parse(text);
        for (let i = 0; i < quads.length; i += BATCH) await store.multiPut(quads.slice(i, i + BATCH));
        progress.add(quads.length);
      }
      return progress.total;
    },
    query: (sparql: string) => comunicaCount(engine, sparql, store),
    close: () => store.close(),
  };
}
