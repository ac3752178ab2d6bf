/**
 * svc:SailRepository (spec §2.3 "Repository implementations", "Sail
 * configuration"): direct access to a local store stack built from
 * `config:sail.impl` — one base store, wrapped by the adapters named through
 * `config:delegate`. Queries and updates run on the store connection (it is
 * the query engine's QuadSource); statement access maps terms to store ids.
 */
import { type Graph, type NamedNode, type Quad, quad as makeQuad, type Subject } from '../../rdf/terms.ts';
import { MemoryStore } from '../../sail/memory/store.ts';
import { NativeStore } from '../../sail/native/store.ts';
import { DEFAULT_GRAPH, type IsolationLevel, type Sail, type SailConnection, type TransactionSettings } from '../../sail/sail.ts';
import type { FetchPolicy } from '../../net/fetchPolicy.ts';
import type { EvaluationOptions, QueryResult } from '../../sparql/api.ts';
import { prepareQuery } from '../../sparql/engine.ts';
import { prepareUpdate } from '../../sparql/update/update.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../api.ts';
import { UnsupportedConfigError } from '../config/errors.ts';
import { defined } from '../defined.ts';
import type { CommonSailConfig, SailConfig, SailRepositoryConfig } from '../config/types.ts';
import { typeString } from '../config/vocabulary.ts';
import { contextIds, idPatterns, matchingQuads } from './idPatterns.ts';

/** Builds the store stack of a configuration. Throws `UnsupportedConfigError` for a Sail svc lacks. */
export function buildSail(config: SailConfig, dataDir: string): Sail {
  switch (config.type) {
    case 'MemoryStore':
      return new MemoryStore({ persist: config.persist, dataDir, syncDelay: config.syncDelay ?? 0 });
    case 'NativeStore':
      return new NativeStore({
        dataDir,
        ...defined({
          tripleIndexes: config.tripleIndexes?.join(','),
          forceSync: config.forceSync,
          valueCacheSize: cacheSize(config.valueCacheSize),
          valueIDCacheSize: cacheSize(config.valueIDCacheSize),
        }),
      });
    case 'SearchEngineStore':
    case 'SchemaCachingRDFSInferencer':
    case 'DirectTypeHierarchyInferencer':
    case 'ShaclSail':
      // Never a silent fallback to another store: the user asked for this one.
      throw new UnsupportedConfigError(`${typeString(config.type)} is not supported yet`, 'config:sail.type');
  }
}

/** The evaluation settings of a stack: the outermost Sail that sets one wins (defaults: STRICT, no spilling). */
export function evaluationDefaults(config: SailConfig): EvaluationOptions {
  const chain: CommonSailConfig[] = [];
  for (let sail: SailConfig | undefined = config; sail; sail = 'delegate' in sail ? sail.delegate : undefined) chain.push(sail);
  return {
    evaluationMode: chain.find((s) => s.defaultQueryEvaluationMode)?.defaultQueryEvaluationMode ?? 'STRICT',
    iterationCacheSyncThreshold: chain.find((s) => s.iterationCacheSyncThreshold !== undefined)?.iterationCacheSyncThreshold ?? 0,
  };
}

export class SailRepository implements Repository {
  readonly writable = true;
  readonly sail: Sail;
  private readonly defaults: EvaluationOptions;

  constructor(
    readonly id: string,
    readonly title: string,
    config: SailRepositoryConfig,
    dataDir: string,
    /** Where SPARQL Update LOAD may fetch from (the fetch module's default when absent). */
    private readonly fetchPolicy?: FetchPolicy,
  ) {
    this.sail = buildSail(config.sail, dataDir);
    this.defaults = evaluationDefaults(config.sail);
  }

  get supportedIsolationLevels(): readonly IsolationLevel[] {
    return this.sail.supportedIsolationLevels;
  }

  get defaultIsolationLevel(): IsolationLevel {
    return this.sail.defaultIsolationLevel;
  }

  init(): Promise<void> {
    return this.sail.init();
  }

  shutdown(): Promise<void> {
    return this.sail.shutdown();
  }

  async connection(): Promise<SailRepositoryConnection> {
    return new SailRepositoryConnection(this.sail.connection(), this.defaults, this.fetchPolicy);
  }
}

export class SailRepositoryConnection implements RepositoryConnection {
  constructor(
    /** The store connection; the DatasetRepository queries it directly. */
    readonly sail: SailConnection,
    private readonly defaults: EvaluationOptions,
    private readonly fetchPolicy?: FetchPolicy,
  ) {}

  async begin(isolation?: IsolationLevel, settings?: TransactionSettings): Promise<void> {
    this.sail.begin(isolation, settings);
  }

  get active(): boolean {
    return this.sail.active;
  }

  prepare(): Promise<void> {
    return this.sail.prepare();
  }

  commit(): Promise<void> {
    return this.sail.commit();
  }

  async rollback(): Promise<void> {
    this.sail.rollback();
  }

  async close(): Promise<void> {
    this.sail.close();
  }

  async query(request: QueryRequest): Promise<QueryResult> {
    const { query, language, baseIRI, ...options } = request;
    const prepared = prepareQuery(query, defined({ language, baseIRI }));
    return prepared.evaluate(this.sail, { ...this.defaults, ...defined(options) });
  }

  async update(request: UpdateRequest): Promise<void> {
    const { update, baseIRI, ...options } = request;
    const prepared = prepareUpdate(update, defined({ baseIRI, fetchPolicy: this.fetchPolicy }));
    await this.autoCommit(() => prepared.execute(this.sail, { ...this.defaults, ...defined(options) }));
  }

  statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    return matchingQuads(this.sail, filter);
  }

  add(quad: Quad, contexts?: readonly Graph[]): void {
    if (contexts === undefined || contexts.length === 0) {
      this.sail.addStatement(quad);
      return;
    }
    for (const context of contexts) this.sail.addStatement(makeQuad(quad.subject, quad.predicate, quad.object, context));
  }

  async remove(filter: StatementFilter): Promise<void> {
    await this.autoCommit(async () => {
      for (const pattern of idPatterns(this.sail.values, filter)) this.sail.removeStatements(pattern);
    });
  }

  async size(contexts?: readonly Graph[]): Promise<number> {
    // RDF4J counts explicit statements only.
    if (contexts === undefined || contexts.length === 0) return this.sail.size(undefined, false);
    return contextIds(this.sail.values, contexts).reduce((sum, g) => sum + this.sail.size(g, false), 0);
  }

  async *contexts(): AsyncIterable<readonly (NamedNode | Subject)[]> {
    const all = [...this.sail.contexts()].filter((g) => g !== DEFAULT_GRAPH).map((g) => this.sail.values.term(g) as Subject);
    if (all.length > 0) yield all;
  }

  async namespaces(): Promise<ReadonlyMap<string, string>> {
    return new Map(this.sail.namespaces());
  }

  async getNamespace(prefix: string): Promise<string | undefined> {
    return this.sail.getNamespace(prefix);
  }

  setNamespace(prefix: string, iri: string): Promise<void> {
    return this.autoCommit(async () => this.sail.setNamespace(prefix, iri));
  }

  removeNamespace(prefix: string): Promise<void> {
    return this.autoCommit(async () => this.sail.removeNamespace(prefix));
  }

  clearNamespaces(): Promise<void> {
    return this.autoCommit(async () => this.sail.clearNamespaces());
  }

  /** Runs a write in the active transaction, or in one of its own (auto-commit) when none is active. */
  private async autoCommit(write: () => Promise<void>): Promise<void> {
    if (this.sail.active) return write();
    this.sail.begin();
    try {
      await write();
      await this.sail.commit();
    } catch (e) {
      this.sail.rollback();
      throw e;
    }
  }
}

/** RDF4J's `-1` for a cache size means "the store's default": leave the option out. */
function cacheSize(size: number | undefined): number | undefined {
  return size === undefined || size < 0 ? undefined : size;
}
