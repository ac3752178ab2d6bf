/**
 * The engine seam of the benchmark harness: svc and every peer are measured
 * through this one interface, so a table compares like with like.
 *
 * Each adapter lives in `engines/<name>.ts` and exports `open(ctx)`. An engine
 * that cannot run here (not installed, or an svc part that has not landed)
 * throws `EngineUnavailable`; the harness prints its reason in the table cell
 * and the other engines still run.
 */
import type { DataSource } from './data.ts';
import type { Endpoint } from './sparql-http.ts';

export interface Engine {
  readonly name: string;
  /** Loads every triple of the source; resolves to the number of triples the engine read. */
  load(source: DataSource): Promise<number>;
  /** Runs one query to completion and resolves to its result count (rows, triples, or 1/0 for ASK). */
  query(sparql: string): Promise<number>;
  close(): Promise<void>;
  /**
   * The process that holds the data when it is not this one (a JVM, a server):
   * memory figures are read from it instead of from the harness worker.
   */
  readonly dataPid?: number;
  /** The SPARQL protocol endpoint, for engines that are HTTP servers (the http suite drives it). */
  readonly endpoint?: Endpoint;
}

/** What an adapter gets: where to keep files, and the per-operation time budget. */
export interface EngineContext {
  /** A fresh scratch directory, removed by the harness afterwards. */
  readonly scratchDir: string;
  readonly timeoutMs: number;
}

export type EngineFactory = (ctx: EngineContext) => Promise<Engine>;

/** The engine cannot run on this machine now; `reason` goes into the table. */
export class EngineUnavailable extends Error {
  override readonly name = 'EngineUnavailable';
}

/** The engine runs, but has no way to answer this operation (e.g. N3.Store has no SPARQL). */
export class OperationUnsupported extends Error {
  override readonly name = 'OperationUnsupported';
}

/** Every engine the harness knows, in table order; svc first so its column leads. */
export const ENGINE_NAMES = ['svc', 'svc-native', 'svc-http', 'oxigraph', 'n3', 'comunica', 'quadstore', 'jena-mem', 'jena-tdb2', 'virtuoso'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Names accepted by `--engines` that stand for several engines. */
const ALIASES: Record<string, readonly EngineName[]> = { jena: ['jena-mem', 'jena-tdb2'] };

/** Expands an `--engines` list (names and aliases) into engine names, or names the unknown entry. */
export function parseEngineList(list: string): EngineName[] {
  const names: EngineName[] = [];
  for (const entry of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const expanded = ALIASES[entry] ?? ((ENGINE_NAMES as readonly string[]).includes(entry) ? [entry as EngineName] : undefined);
    if (!expanded) throw new Error(`unknown engine "${entry}" (known: ${[...ENGINE_NAMES, ...Object.keys(ALIASES)].join(', ')})`);
    for (const name of expanded) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Loads the adapter module for `name` lazily, so a missing optional peer costs nothing. */
export async function engineFactory(name: EngineName): Promise<EngineFactory> {
  const modules: Record<EngineName, () => Promise<{ open: EngineFactory }>> = {
    svc: () => import('./engines/svc.ts'),
    'svc-native': () => import('./engines/svc-native.ts'),
    'svc-http': () => import('./engines/svc-http.ts'),
    oxigraph: () => import('./engines/oxigraph.ts'),
    n3: () => import('./engines/n3.ts'),
    comunica: () => import('./engines/comunica.ts'),
    quadstore: () => import('./engines/quadstore.ts'),
    'jena-mem': () => import('./engines/jena.ts').then((m) => ({ open: m.openMemory })),
    'jena-tdb2': () => import('./engines/jena.ts').then((m) => ({ open: m.openTdb2 })),
    virtuoso: () => import('./engines/virtuoso.ts'),
  };
  return (await modules[name]()).open;
}
