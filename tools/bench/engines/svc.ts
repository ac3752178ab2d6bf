/**
 * svc in process: the MemoryStore (`src/sail/memory/`) fed by svc's own
 * N-Triples parser from the format registry (`rdfFormatFor('nt')`), queried by
 * svc's SPARQL engine (`src/sparql/engine.ts`, `prepareQuery`). The parts are
 * found at run time, so while one has not landed the harness reports
 * "not available yet (…)" in svc's cells and the peers still run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RdfFormat } from '../../../src/formats/format.ts';
import type { Sail } from '../../../src/sail/sail.ts';
import type { ParseOptions, PreparedQuery, QueryResult } from '../../../src/sparql/api.ts';
import { lineChunks, REPO_ROOT, type DataSource } from '../data.ts';
import { EngineUnavailable, type Engine } from '../engine.ts';
import { Progress } from '../progress.ts';

type RdfFormatFor = (key: string) => RdfFormat | undefined;
type PrepareQuery = (text: string, options?: ParseOptions) => PreparedQuery;

/** Imports `export name` from a repository file, or says which part has not landed. */
export async function svcPart<T>(file: string, name: string): Promise<T> {
  const path = join(REPO_ROOT, file);
  if (!existsSync(path)) throw new EngineUnavailable(`not available yet (${file} has not landed)`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new EngineUnavailable(`not available yet (${file} does not load: ${(error as Error).message.split('\n')[0]})`);
  }
  if (module[name] === undefined) throw new EngineUnavailable(`not available yet (${file} has no export ${name})`);
  return module[name] as T;
}

/** The file in `src/sail/memory/` that declares `class MemoryStore`. */
function memoryStoreFile(): string {
  const dir = 'src/sail/memory';
  const files = existsSync(join(REPO_ROOT, dir)) ? readdirSync(join(REPO_ROOT, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')) : [];
  const file = files.find((f) => /export class MemoryStore\b/.test(readFileSync(join(REPO_ROOT, dir, f), 'utf8')));
  if (!file) throw new EngineUnavailable(`not available yet (no class MemoryStore in ${dir}/)`);
  return `${dir}/${file}`;
}

/** svc's N-Triples format from the registry; the formats suite uses the same lookup. */
export async function svcFormat(key: string): Promise<RdfFormat> {
  const rdfFormatFor = await svcPart<RdfFormatFor>('src/formats/registry.ts', 'rdfFormatFor');
  const format = rdfFormatFor(key);
  if (!format) throw new EngineUnavailable(`not available yet (the registry has no format "${key}")`);
  return format;
}

/** Counts what a query result yields, draining every batch. */
export async function countResult(result: QueryResult): Promise<number> {
  if (result.kind === 'boolean') return result.value ? 1 : 0;
  let count = 0;
  const batches = result.kind === 'bindings' ? result.solutions : result.quads;
  for await (const batch of batches) count += batch.length;
  return count;
}

export async function open(): Promise<Engine> {
  const MemoryStore = await svcPart<new () => Sail>(memoryStoreFile(), 'MemoryStore');
  return storeEngine('svc', new MemoryStore());
}

/** svc over a given store: load through svc's N-Triples parser in one transaction, query through svc's engine. */
export async function storeEngine(name: string, sail: Sail): Promise<Engine> {
  const prepareQuery = await svcPart<PrepareQuery>('src/sparql/engine.ts', 'prepareQuery');
  const ntriples = await svcFormat('nt');
  await sail.init();
  return {
    name,
    async load(source: DataSource) {
      const connection = sail.connection();
      const progress = new Progress(name);
      connection.begin();
      await ntriples.parse(lineChunks(source), {
        quad(quad) {
          connection.addStatement(quad);
          progress.add(1);
        },
      });
      await connection.commit();
      connection.close();
      return progress.total;
    },
    async query(sparql: string) {
      const connection = sail.connection();
      try {
        return await countResult(prepareQuery(sparql).evaluate(connection));
      } finally {
        connection.close();
      }
    },
    close: () => sail.shutdown(),
  };
}
