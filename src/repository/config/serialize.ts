/**
 * Typed configuration → configuration document (spec §2.3, §9: "migration to
 * the new vocabulary is recommended"): quads in the unified vocabulary only,
 * one blank node per configuration node. Served by `GET …/config` and written
 * to `config.ttl`.
 */
import {
  type BlankNode,
  blankNode,
  type Graph,
  literal,
  namedNode,
  type Quad,
  quad,
  RDFS,
  rdf,
  type Term,
  xsd,
  XSD,
} from '../../rdf/terms.ts';
import { NIL_IRIS } from '../../protocol/constants.ts';
import type { ContextAwareRepositoryConfig, RepositoryConfig, RepositoryImplConfig, SailConfig } from './types.ts';
import { CONFIG, type ConfigProperty, configIri, typeString } from './vocabulary.ts';

/** The prefixes a written configuration declares. */
export const CONFIG_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['config', CONFIG],
  ['rdfs', RDFS],
  ['xsd', XSD],
]);

export function serializeRepositoryConfig(config: RepositoryConfig): Quad[] {
  const out = new QuadCollector();
  const repository = blankNode();
  out.add(repository, rdf.type, namedNode(configIri('Repository')));
  out.prop(repository, 'rep.id', literal(config.id));
  if (config.title !== undefined) out.add(repository, namedNode(RDFS + 'label'), literal(config.title));
  writeImpl(out, out.child(repository, 'rep.impl'), config.impl);
  return out.quads;
}

function writeImpl(out: QuadCollector, node: BlankNode, impl: RepositoryImplConfig): void {
  out.prop(node, 'rep.type', literal(typeString(impl.type)));
  switch (impl.type) {
    case 'SailRepository':
      writeSail(out, out.child(node, 'sail.impl'), impl.sail);
      break;
    case 'HTTPRepository':
      out.prop(node, 'http.url', namedNode(impl.url));
      out.optional(node, 'http.username', impl.username);
      out.optional(node, 'http.password', impl.password);
      break;
    case 'SPARQLRepository':
      out.prop(node, 'sparql.queryEndpoint', namedNode(impl.queryEndpoint));
      if (impl.updateEndpoint !== undefined) out.prop(node, 'sparql.updateEndpoint', namedNode(impl.updateEndpoint));
      out.optional(node, 'sparql.passThroughEnabled', impl.passThroughEnabled);
      break;
    case 'DatasetRepository':
      writeImpl(out, out.child(node, 'delegate'), impl.delegate);
      break;
    case 'ContextAwareRepository':
      writeContextAware(out, node, impl);
      break;
  }
}

function writeContextAware(out: QuadCollector, node: BlankNode, impl: ContextAwareRepositoryConfig): void {
  for (const context of impl.readContexts) out.prop(node, 'ca.readContext', contextTerm(context));
  if (impl.insertContext !== undefined) out.prop(node, 'ca.insertContext', contextTerm(impl.insertContext));
  for (const context of impl.removeContexts) out.prop(node, 'ca.removeContext', contextTerm(context));
  out.optional(node, 'ca.includeInferred', impl.includeInferred);
  out.optional(node, 'ca.maxQueryTime', impl.maxQueryTime);
  out.optional(node, 'ca.queryLanguage', impl.queryLanguage);
  if (impl.baseIRI !== undefined) out.prop(node, 'ca.base', namedNode(impl.baseIRI));
  writeImpl(out, out.child(node, 'delegate'), impl.delegate);
}

function writeSail(out: QuadCollector, node: BlankNode, sail: SailConfig): void {
  out.prop(node, 'sail.type', literal(typeString(sail.type)));
  out.optional(node, 'sail.iterationCacheSyncThreshold', sail.iterationCacheSyncThreshold);
  out.optional(node, 'sail.connectionTimeOut', sail.connectionTimeOut);
  out.optional(node, 'sail.defaultQueryEvaluationMode', sail.defaultQueryEvaluationMode);
  out.optional(node, 'sail.evaluationStrategyFactory', sail.evaluationStrategyFactory);
  switch (sail.type) {
    case 'MemoryStore':
      out.optional(node, 'mem.persist', sail.persist);
      out.optional(node, 'mem.syncDelay', sail.syncDelay);
      break;
    case 'NativeStore':
      out.optional(node, 'native.tripleIndexes', sail.tripleIndexes?.join(','));
      out.optional(node, 'native.forceSync', sail.forceSync);
      out.optional(node, 'native.valueCacheSize', sail.valueCacheSize);
      out.optional(node, 'native.valueIDCacheSize', sail.valueIDCacheSize);
      out.optional(node, 'native.namespaceCacheSize', sail.namespaceCacheSize);
      out.optional(node, 'native.namespaceIDCacheSize', sail.namespaceIDCacheSize);
      break;
    case 'SearchEngineStore':
      out.optional(node, 'ess.hostname', sail.hostname);
      out.optional(node, 'ess.port', sail.port);
      out.optional(node, 'ess.clusterName', sail.clusterName);
      out.optional(node, 'ess.index', sail.index);
      break;
    case 'ShaclSail':
      for (const [name, value] of Object.entries(sail.options)) out.optional(node, `shacl.${name}` as ConfigProperty, value);
      for (const graph of sail.shapesGraphs ?? []) out.prop(node, 'shacl.shapesGraph', graph);
      writeSail(out, out.child(node, 'delegate'), sail.delegate);
      break;
    case 'SchemaCachingRDFSInferencer':
    case 'DirectTypeHierarchyInferencer':
      writeSail(out, out.child(node, 'delegate'), sail.delegate);
      break;
  }
}

/** The default graph is written `svc:nil`, as contexts are IRIs in the document. */
function contextTerm(context: Graph): Term {
  return context.termType === 'DefaultGraph' ? namedNode(NIL_IRIS[0]) : context;
}

class QuadCollector {
  readonly quads: Quad[] = [];

  add(s: BlankNode, p: ReturnType<typeof namedNode>, o: Term): void {
    this.quads.push(quad(s, p, o as Quad['object']));
  }

  prop(s: BlankNode, property: ConfigProperty, o: Term): void {
    this.add(s, namedNode(configIri(property)), o);
  }

  /** A nested configuration node, linked from `s` before its own statements (so documents read top down). */
  child(s: BlankNode, property: ConfigProperty): BlankNode {
    const node = blankNode();
    this.prop(s, property, node);
    return node;
  }

  /** A plain value, typed as Turtle would write it: string, xsd:boolean or xsd:integer. */
  optional(s: BlankNode, property: ConfigProperty, value: string | boolean | number | undefined): void {
    if (value === undefined) return;
    const datatype = typeof value === 'boolean' ? xsd.boolean : typeof value === 'number' ? xsd.integer : xsd.string;
    this.prop(s, property, literal(String(value), datatype));
  }
}
