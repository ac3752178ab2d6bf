/**
 * Configuration document → typed configuration (spec §2.3 "Configuration
 * documents", legacy mapping, §9): finds the one repository node, reads its
 * implementation and, for a SailRepository, the Sail stack through
 * `config:delegate`, validating every value on the way.
 */
import { type Graph, type Quad, type Subject, defaultGraph, rdf, termKey } from '../../rdf/terms.ts';
import type { EvaluationMode } from '../../sparql/api.ts';
import { NIL_IRIS } from '../../protocol/constants.ts';
import { defined } from '../defined.ts';
import { RepositoryConfigError } from './errors.ts';
import { ConfigGraph, type NodeReader } from './reader.ts';
import type {
  CommonSailConfig,
  ContextAwareRepositoryConfig,
  RepositoryConfig,
  RepositoryImplConfig,
  SailConfig,
  ShaclSailConfig,
  TripleIndex,
} from './types.ts';
import {
  ADAPTER_SAIL_TYPES,
  BASE_SAIL_TYPES,
  type ConfigProperty,
  configName,
  legacyIris,
  MISSPELLINGS,
  REPOSITORY_TYPES,
  SHACL_BOOLEAN_OPTIONS,
  SHACL_INTEGER_OPTIONS,
  TYPE_NAME_ALIASES,
  TYPE_PREFIXES,
  unifiedIris,
} from './vocabulary.ts';

export interface ParsedRepositoryConfig {
  readonly config: RepositoryConfig;
  /** Non-fatal findings: a unified and a legacy name that disagree. */
  readonly warnings: readonly string[];
}

/** Reads the one repository a configuration document describes. Throws `RepositoryConfigError`. */
export function parseRepositoryConfig(quads: Iterable<Quad>): ParsedRepositoryConfig {
  const graph = new ConfigGraph(quads);
  rejectMisspellings(graph);
  const repository = graph.reader(findRepositoryNode(graph), 'repository');
  const id = repository.requiredString('rep.id');
  checkRepositoryId(id, repository);
  const title = repository.label();
  const impl = parseImpl(repository.child('rep.impl'), new Set());
  return { config: { id, ...(title === undefined ? {} : { title }), impl }, warnings: graph.warnings };
}

/** Repository ids are path segments (decisions.md "Repositories"): letters, digits, `-`, `_`, `.`; not `.` or `..`. */
export function isSafeRepositoryId(id: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(id) && id !== '.' && id !== '..';
}

function checkRepositoryId(id: string, repository: NodeReader): void {
  if (!isSafeRepositoryId(id)) {
    throw repository.error('rep.id', `${JSON.stringify(id)} is not a valid repository id (letters, digits, '-', '_', '.'; not '.' or '..')`);
  }
}

function rejectMisspellings(graph: ConfigGraph): void {
  for (const [subject, predicate] of graph.entries()) {
    const right = MISSPELLINGS.get(predicate);
    if (right !== undefined) {
      const node = termKey(subject);
      throw new RepositoryConfigError(`<${predicate}> is not a configuration property; the repository type is ${configName(right)} (on node ${node})`, configName(right), node);
    }
  }
}

/** The subject typed `config:Repository` or carrying `config:rep.id`: exactly one. */
function findRepositoryNode(graph: ConfigGraph): Subject {
  const typeIris = new Set([...unifiedIris('Repository'), ...legacyIris('Repository')]);
  const idIris = new Set([...unifiedIris('rep.id'), ...legacyIris('rep.id')]);
  const nodes = new Map<string, Subject>();
  for (const [subject, predicate, objects] of graph.entries()) {
    const typed = predicate === rdf.type.value && objects.some((o) => typeIris.has(o.value));
    if (typed || idIris.has(predicate)) nodes.set(termKey(subject), subject);
  }
  if (nodes.size === 0) throw new RepositoryConfigError('the document describes no repository (no node with config:rep.id)', configName('rep.id'));
  if (nodes.size > 1) {
    throw new RepositoryConfigError(`the document describes ${nodes.size} repositories (nodes with config:rep.id: ${[...nodes.keys()].join(', ')}); one is expected`, configName('rep.id'));
  }
  return [...nodes.values()][0]!;
}

/** `config:rep.impl` (or a `config:delegate` repository). `seen` guards against delegate cycles. */
function parseImpl(impl: NodeReader, seen: Set<string>): RepositoryImplConfig {
  enter(impl, seen);
  const type = resolveType(impl, 'rep.type', REPOSITORY_TYPES);
  switch (type) {
    case 'SailRepository':
      return { type, sail: parseSail(impl.child('sail.impl'), new Set()) };
    case 'HTTPRepository':
      return { type, url: httpIri(impl, 'http.url', impl.requiredIri('http.url')), ...defined({ username: impl.string('http.username'), password: impl.string('http.password') }) };
    case 'SPARQLRepository':
      return {
        type,
        queryEndpoint: httpIri(impl, 'sparql.queryEndpoint', impl.requiredIri('sparql.queryEndpoint')),
        ...defined({ updateEndpoint: httpIri(impl, 'sparql.updateEndpoint', impl.iri('sparql.updateEndpoint')), passThroughEnabled: impl.boolean('sparql.passThroughEnabled') }),
      };
    case 'DatasetRepository': {
      const delegate = parseImpl(impl.child('delegate'), seen);
      if (delegate.type !== 'SailRepository') throw impl.error('delegate', `of a DatasetRepository must be a svc:SailRepository, not svc:${delegate.type}`);
      return { type, delegate };
    }
    case 'ContextAwareRepository':
      return parseContextAware(impl, seen);
  }
}

/** The remote kinds speak HTTP: their URLs must be http(s) (checked here, not at the first request). */
function httpIri<T extends string | undefined>(reader: NodeReader, property: ConfigProperty, iri: T): T {
  if (iri !== undefined && !/^https?:\/\/[^/]/i.test(iri)) throw reader.error(property, `must be an http or https IRI, not <${iri}>`);
  return iri;
}

function parseContextAware(impl: NodeReader, seen: Set<string>): ContextAwareRepositoryConfig {
  const insert = contexts(impl, 'ca.insertContext');
  if (insert.length > 1) throw impl.error('ca.insertContext', `has ${insert.length} values; one is expected`);
  return {
    type: 'ContextAwareRepository',
    delegate: parseImpl(impl.child('delegate'), seen),
    readContexts: contexts(impl, 'ca.readContext'),
    removeContexts: contexts(impl, 'ca.removeContext'),
    ...defined({
      insertContext: insert[0],
      includeInferred: impl.boolean('ca.includeInferred'),
      maxQueryTime: impl.integer('ca.maxQueryTime'),
      queryLanguage: impl.string('ca.queryLanguage'),
      baseIRI: impl.iriOrString('ca.base'),
    }),
  };
}

/** Context values: IRIs, with `svc:nil` (or RDF4J's `rdf4j:nil`) for the default graph. */
function contexts(reader: NodeReader, property: ConfigProperty): Graph[] {
  return reader.values(property).map((value) => {
    if (value.termType !== 'NamedNode' && value.termType !== 'BlankNode') throw reader.error(property, `must be an IRI, not ${termKey(value)}`);
    return (NIL_IRIS as readonly string[]).includes(value.value) ? defaultGraph() : value;
  });
}

/** `config:sail.impl` or an adapter's `config:delegate`: one Sail of the stack. */
function parseSail(sail: NodeReader, seen: Set<string>): SailConfig {
  enter(sail, seen);
  const type = resolveType(sail, 'sail.type', [...BASE_SAIL_TYPES, ...ADAPTER_SAIL_TYPES]);
  const common = parseCommon(sail);
  switch (type) {
    case 'MemoryStore':
      return { type, ...common, persist: sail.requiredBoolean('mem.persist'), ...defined({ syncDelay: sail.integer('mem.syncDelay') }) };
    case 'NativeStore':
      return {
        type,
        ...common,
        ...defined({
          tripleIndexes: tripleIndexes(sail),
          forceSync: sail.boolean('native.forceSync'),
          valueCacheSize: sail.integer('native.valueCacheSize'),
          valueIDCacheSize: sail.integer('native.valueIDCacheSize'),
          namespaceCacheSize: sail.integer('native.namespaceCacheSize'),
          namespaceIDCacheSize: sail.integer('native.namespaceIDCacheSize'),
        }),
      };
    case 'SearchEngineStore':
      return {
        type,
        ...common,
        hostname: sail.requiredString('ess.hostname'),
        ...defined({ port: sail.integer('ess.port'), clusterName: sail.string('ess.clusterName'), index: sail.string('ess.index') }),
      };
    case 'SchemaCachingRDFSInferencer':
    case 'DirectTypeHierarchyInferencer':
      return { type, ...common, delegate: parseSail(sail.child('delegate'), seen) };
    case 'ShaclSail':
      return parseShacl(sail, common, seen);
  }
}

function parseCommon(sail: NodeReader): CommonSailConfig {
  return defined({
    iterationCacheSyncThreshold: sail.integer('sail.iterationCacheSyncThreshold'),
    connectionTimeOut: sail.integer('sail.connectionTimeOut'),
    defaultQueryEvaluationMode: evaluationMode(sail),
    evaluationStrategyFactory: sail.string('sail.evaluationStrategyFactory'),
  });
}

function parseShacl(sail: NodeReader, common: CommonSailConfig, seen: Set<string>): ShaclSailConfig {
  const options: Record<string, boolean | number> = {};
  for (const name of SHACL_BOOLEAN_OPTIONS) setDefined(options, name, sail.boolean(`shacl.${name}`));
  for (const name of SHACL_INTEGER_OPTIONS) setDefined(options, name, sail.integer(`shacl.${name}`));
  const shapesGraphs = sail.values('shacl.shapesGraph').map((value) => {
    if (value.termType !== 'NamedNode') throw sail.error('shacl.shapesGraph', `must be an IRI, not ${termKey(value)}`);
    return value;
  });
  return {
    type: 'ShaclSail',
    ...common,
    delegate: parseSail(sail.child('delegate'), seen),
    options,
    ...(shapesGraphs.length > 0 ? { shapesGraphs } : {}),
  };
}

function evaluationMode(sail: NodeReader): EvaluationMode | undefined {
  const mode = sail.string('sail.defaultQueryEvaluationMode');
  if (mode === undefined) return undefined;
  const upper = mode.trim().toUpperCase();
  if (upper !== 'STRICT' && upper !== 'STANDARD') throw sail.error('sail.defaultQueryEvaluationMode', `must be STRICT or STANDARD, not ${JSON.stringify(mode)}`);
  return upper;
}

/** Spec §2.3 native store index rules 1–2: 4-letter permutations of s, p, o, c, separated by commas, spaces, tabs. */
function tripleIndexes(sail: NodeReader): TripleIndex[] | undefined {
  const text = sail.string('native.tripleIndexes');
  if (text === undefined) return undefined;
  const indexes = text.split(/[,\s]+/).filter((s) => s !== '').map((s) => s.toLowerCase());
  if (indexes.length === 0) throw sail.error('native.tripleIndexes', 'names no index');
  for (const index of indexes) {
    if (index.length !== 4 || [...'spoc'].some((field) => !index.includes(field))) {
      throw sail.error('native.tripleIndexes', `has ${JSON.stringify(index)}, which is not a permutation of s, p, o, c`);
    }
  }
  return [...new Set(indexes)];
}

/** A type identifier: `svc:X`, `openrdf:X` or `rdf4j:X`, X one of `known`. */
function resolveType<T extends string>(reader: NodeReader, property: ConfigProperty, known: readonly T[]): T {
  const text = reader.requiredString(property).trim();
  const prefix = TYPE_PREFIXES.find((p) => text.startsWith(p));
  const local = prefix === undefined ? undefined : text.slice(prefix.length);
  const name = local === undefined ? undefined : (TYPE_NAME_ALIASES.get(local) ?? local);
  if (name === undefined || !(known as readonly string[]).includes(name)) {
    throw reader.error(property, `has the unknown type ${JSON.stringify(text)}; known types: ${known.map((t) => 'svc:' + t).join(', ')}`);
  }
  return name as T;
}

function enter(reader: NodeReader, seen: Set<string>): void {
  const key = termKey(reader.node);
  if (seen.has(key)) throw new RepositoryConfigError(`config:delegate forms a cycle through node ${key}`, configName('delegate'), key);
  seen.add(key);
}

function setDefined(target: Record<string, boolean | number>, key: string, value: boolean | number | undefined): void {
  if (value !== undefined) target[key] = value;
}
