/**
 * Typed repository configuration (spec §2.3 "Configuration documents"): what a
 * Turtle configuration means once parsed, as discriminated unions on `type`
 * (one variant per repository implementation and per Sail type).
 *
 * Optional fields are absent when the document leaves them out; the consumers
 * apply the defaults (rdf4j-facts §8.3), so a round trip writes back only what
 * was written.
 */
import type { Graph, NamedNode } from '../../rdf/terms.ts';
import type { EvaluationMode } from '../../sparql/api.ts';
import type { SHACL_BOOLEAN_OPTIONS, SHACL_INTEGER_OPTIONS } from './vocabulary.ts';

export interface RepositoryConfig {
  /** `config:rep.id`: a safe path segment. */
  readonly id: string;
  /** `rdfs:label`. */
  readonly title?: string;
  readonly impl: RepositoryImplConfig;
}

export type RepositoryImplConfig =
  | SailRepositoryConfig
  | HTTPRepositoryConfig
  | SPARQLRepositoryConfig
  | DatasetRepositoryConfig
  | ContextAwareRepositoryConfig;

export interface SailRepositoryConfig {
  readonly type: 'SailRepository';
  readonly sail: SailConfig;
}

export interface HTTPRepositoryConfig {
  readonly type: 'HTTPRepository';
  /** `config:http.url`: the repository's URL on the remote server (`…/repositories/<id>`). */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
}

export interface SPARQLRepositoryConfig {
  readonly type: 'SPARQLRepository';
  readonly queryEndpoint: string;
  /** Absent = updates go to the query endpoint. */
  readonly updateEndpoint?: string;
  readonly passThroughEnabled?: boolean;
}

export interface DatasetRepositoryConfig {
  readonly type: 'DatasetRepository';
  /** Must be a SailRepository (spec §2.3). */
  readonly delegate: SailRepositoryConfig;
}

export interface ContextAwareRepositoryConfig {
  readonly type: 'ContextAwareRepository';
  readonly delegate: RepositoryImplConfig;
  /** `ca.readContext`: contexts for reads, queries included; empty = all. */
  readonly readContexts: readonly Graph[];
  /** `ca.insertContext`: absent = the statement's own context. */
  readonly insertContext?: Graph;
  /** `ca.removeContext`: contexts for deletes; empty = all. */
  readonly removeContexts: readonly Graph[];
  readonly includeInferred?: boolean;
  /** Seconds; 0 = unlimited. */
  readonly maxQueryTime?: number;
  readonly queryLanguage?: string;
  readonly baseIRI?: string;
}

/** Parameters of every Sail (spec §2.3 "Parameters of every Sail"). */
export interface CommonSailConfig {
  readonly iterationCacheSyncThreshold?: number;
  readonly connectionTimeOut?: number;
  readonly defaultQueryEvaluationMode?: EvaluationMode;
  /** Read and written back; only our own evaluation strategy exists. */
  readonly evaluationStrategyFactory?: string;
}

export type SailConfig = BaseSailConfig | AdapterSailConfig;
export type BaseSailConfig = MemoryStoreConfig | NativeStoreConfig | SearchEngineStoreConfig;
export type AdapterSailConfig = RdfsInferencerConfig | DirectTypeInferencerConfig | ShaclSailConfig;

export interface MemoryStoreConfig extends CommonSailConfig {
  readonly type: 'MemoryStore';
  readonly persist: boolean;
  /** Milliseconds; 0 = sync at once. */
  readonly syncDelay?: number;
}

/** A native-store index: a permutation of s, p, o, c (spec §2.3 "Native store index rules"). */
export type TripleIndex = string;

export interface NativeStoreConfig extends CommonSailConfig {
  readonly type: 'NativeStore';
  readonly tripleIndexes?: readonly TripleIndex[];
  readonly forceSync?: boolean;
  readonly valueCacheSize?: number;
  readonly valueIDCacheSize?: number;
  readonly namespaceCacheSize?: number;
  readonly namespaceIDCacheSize?: number;
}

export interface SearchEngineStoreConfig extends CommonSailConfig {
  readonly type: 'SearchEngineStore';
  readonly hostname: string;
  readonly port?: number;
  readonly clusterName?: string;
  readonly index?: string;
}

export interface RdfsInferencerConfig extends CommonSailConfig {
  readonly type: 'SchemaCachingRDFSInferencer';
  readonly delegate: SailConfig;
}

export interface DirectTypeInferencerConfig extends CommonSailConfig {
  readonly type: 'DirectTypeHierarchyInferencer';
  readonly delegate: SailConfig;
}

export type ShaclBooleanOption = (typeof SHACL_BOOLEAN_OPTIONS)[number];
export type ShaclIntegerOption = (typeof SHACL_INTEGER_OPTIONS)[number];

export interface ShaclSailConfig extends CommonSailConfig {
  readonly type: 'ShaclSail';
  readonly delegate: SailConfig;
  /** Only the options the document sets. */
  readonly options: Partial<Record<ShaclBooleanOption, boolean> & Record<ShaclIntegerOption, number>>;
  readonly shapesGraphs?: readonly NamedNode[];
}
