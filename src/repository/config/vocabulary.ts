/**
 * The configuration vocabulary (spec §2.3 "Configuration documents", §9; legacy
 * mapping in §2.3 "Legacy vocabulary mapping"): one table from each property's
 * unified name to every IRI that spells it.
 *
 * Reading order per property (rdf4j-facts §8.1, `Configurations.java`): the
 * unified names (`tag:svc.org,2023:config/` first, then RDF4J's
 * `tag:rdf4j.org,2023:config/` alias), then the legacy IRIs as fallback.
 * Writing uses the first unified name only.
 */

/** Our unified namespace (decisions.md "Identifiers"), abbreviated `config:`. */
export const CONFIG = 'tag:svc.org,2023:config/';
/** RDF4J's unified namespace (4.3+), read as an alias of ours. */
export const RDF4J_CONFIG = 'tag:rdf4j.org,2023:config/';
export const UNIFIED_NAMESPACES = [CONFIG, RDF4J_CONFIG] as const;

/** Legacy namespaces (rdf4j-facts §8.1 table), by the prefix the RDF4J templates use. */
export const LEGACY = {
  rep: 'http://www.openrdf.org/config/repository#',
  sr: 'http://www.openrdf.org/config/repository/sail#',
  hr: 'http://www.openrdf.org/config/repository/http#',
  sparql: 'http://www.openrdf.org/config/repository/sparql#',
  proxy: 'http://www.openrdf.org/config/repository/proxy#',
  contextaware: 'http://www.openrdf.org/config/repository/contextaware#',
  sail: 'http://www.openrdf.org/config/sail#',
  sb: 'http://www.openrdf.org/config/sail/base#',
  ms: 'http://www.openrdf.org/config/sail/memory#',
  ns: 'http://www.openrdf.org/config/sail/native#',
  shacl: 'http://rdf4j.org/config/sail/shacl#',
  ess: 'http://rdf4j.org/config/sail/elasticsearchstore#',
} as const;

type LegacyPrefix = keyof typeof LEGACY;
/** A legacy name written `prefix:localName`, expanded by `legacyIri`. */
type LegacyName = `${LegacyPrefix}:${string}`;

interface PropertySpelling {
  /** Extra unified local names read besides the key (e.g. `native.tripleIndex`). */
  readonly aliases?: readonly string[];
  readonly legacy: readonly LegacyName[];
}

/** The ShaclSail options: the same local names in the unified and in the legacy `shacl` namespace. */
export const SHACL_BOOLEAN_OPTIONS = [
  'parallelValidation',
  'undefinedTargetValidatesAllSubjects',
  'logValidationPlans',
  'logValidationViolations',
  'ignoreNoShapesLoadedException',
  'validationEnabled',
  'cacheSelectNodes',
  'globalLogValidationExecution',
  'rdfsSubClassReasoning',
  'includeInferredStatements',
  'performanceLogging',
  'serializableValidation',
  'eclipseRdf4jShaclExtensions',
  'dashDataShapes',
] as const;
export const SHACL_INTEGER_OPTIONS = [
  'validationResultsLimitTotal',
  'validationResultsLimitPerConstraint',
  'transactionalValidationLimit',
] as const;

const ESS_OPTIONS = ['hostname', 'port', 'index', 'clusterName'] as const;

/** Every property (and the one class) of the vocabulary, keyed by its unified local name. */
export const PROPERTIES = {
  Repository: { legacy: ['rep:Repository'] },
  'rep.id': { legacy: ['rep:repositoryID'] },
  'rep.impl': { legacy: ['rep:repositoryImpl'] },
  'rep.type': { legacy: ['rep:repositoryType'] },
  delegate: { legacy: ['rep:delegate', 'sail:delegate'] },
  'http.url': { legacy: ['hr:repositoryURL'] },
  'http.username': { legacy: ['hr:username'] },
  'http.password': { legacy: ['hr:password'] },
  'sparql.queryEndpoint': { legacy: ['sparql:query-endpoint'] },
  'sparql.updateEndpoint': { legacy: ['sparql:update-endpoint'] },
  'sparql.passThroughEnabled': { legacy: ['sparql:pass-through-enabled'] },
  'proxy.proxiedID': { legacy: ['proxy:proxiedID'] },
  // RDF4J's legacy name really has three r's.
  'ca.includeInferred': { legacy: ['contextaware:includeInferrred'] },
  'ca.maxQueryTime': { legacy: ['contextaware:maxQueryTime'] },
  'ca.queryLanguage': { legacy: ['contextaware:queryLanguage'] },
  'ca.base': { legacy: ['contextaware:base'] },
  'ca.readContext': { legacy: ['contextaware:readContext'] },
  'ca.insertContext': { legacy: ['contextaware:insertContext'] },
  'ca.removeContext': { legacy: ['contextaware:removeContext'] },
  'sail.impl': { legacy: ['sr:sailImpl'] },
  'sail.type': { legacy: ['sail:sailType'] },
  'sail.iterationCacheSyncThreshold': { legacy: ['sail:iterationCacheSyncThreshold'] },
  'sail.connectionTimeOut': { legacy: ['sail:connectionTimeOut'] },
  'sail.evaluationStrategyFactory': { legacy: ['sb:evaluationStrategyFactory'] },
  'sail.defaultQueryEvaluationMode': { legacy: ['sb:defaultQueryEvaluationMode'] },
  'mem.persist': { legacy: ['ms:persist'] },
  'mem.syncDelay': { legacy: ['ms:syncDelay'] },
  // The spec's table spells it `tripleIndex`, its examples `tripleIndexes` (decisions.md): read both.
  'native.tripleIndexes': { aliases: ['native.tripleIndex'], legacy: ['ns:tripleIndexes'] },
  'native.forceSync': { legacy: ['ns:forceSync'] },
  'native.valueCacheSize': { legacy: ['ns:valueCacheSize'] },
  'native.valueIDCacheSize': { legacy: ['ns:valueIDCacheSize'] },
  'native.namespaceCacheSize': { legacy: ['ns:namespaceCacheSize'] },
  'native.namespaceIDCacheSize': { legacy: ['ns:namespaceIDCacheSize'] },
  ...prefixed('shacl', [...SHACL_BOOLEAN_OPTIONS, ...SHACL_INTEGER_OPTIONS, 'shapesGraph']),
  ...prefixed('ess', ESS_OPTIONS),
} satisfies Record<string, PropertySpelling>;

export type ConfigProperty = keyof typeof PROPERTIES;

/** `config:<component>.<name>` ↔ `<legacy component ns><name>`, for components that kept their local names. */
function prefixed<P extends 'shacl' | 'ess', N extends string>(
  component: P,
  names: readonly N[],
): Record<`${P}.${N}`, PropertySpelling> {
  const entries = names.map((name) => [`${component}.${name}`, { legacy: [`${component}:${name}`] }]);
  return Object.fromEntries(entries) as Record<`${P}.${N}`, PropertySpelling>;
}

/** The IRI we write for a property. */
export function configIri(property: ConfigProperty): string {
  return CONFIG + property;
}

/** The `config:` spelling used in messages. */
export function configName(property: ConfigProperty): string {
  return 'config:' + property;
}

/** The unified IRIs of a property, ours first. */
export function unifiedIris(property: ConfigProperty): string[] {
  const spelling: PropertySpelling = PROPERTIES[property];
  const locals = [property, ...(spelling.aliases ?? [])];
  return UNIFIED_NAMESPACES.flatMap((ns) => locals.map((local) => ns + local));
}

/** The legacy IRIs of a property, read when no unified one is present. */
export function legacyIris(property: ConfigProperty): string[] {
  const spelling: PropertySpelling = PROPERTIES[property];
  return spelling.legacy.map(legacyIri);
}

function legacyIri(name: LegacyName): string {
  const colon = name.indexOf(':');
  return LEGACY[name.slice(0, colon) as LegacyPrefix] + name.slice(colon + 1);
}

/**
 * The spec's SPARQLRepository example writes `config:repositoryType` for
 * `config:rep.type` (decisions.md "Identifiers"): such IRIs are rejected, naming the right one.
 */
export const MISSPELLINGS: ReadonlyMap<string, ConfigProperty> = new Map(
  UNIFIED_NAMESPACES.map((ns) => [ns + 'repositoryType', 'rep.type'] as const),
);

/** Type identifier prefixes accepted on input (`svc:X`, `openrdf:X`, `rdf4j:X`); we write `svc:`. */
export const TYPE_PREFIXES = ['svc:', 'openrdf:', 'rdf4j:'] as const;

/** The repository implementations (spec §2.3 "Repository implementations"). */
export const REPOSITORY_TYPES = [
  'SailRepository',
  'HTTPRepository',
  'SPARQLRepository',
  'DatasetRepository',
  'ContextAwareRepository',
] as const;
export type RepositoryType = (typeof REPOSITORY_TYPES)[number];

/** The Sails (spec §2.3 "Base Sails", "Adapter (stackable) Sails"). */
export const BASE_SAIL_TYPES = ['MemoryStore', 'NativeStore', 'SearchEngineStore'] as const;
export const ADAPTER_SAIL_TYPES = ['SchemaCachingRDFSInferencer', 'DirectTypeHierarchyInferencer', 'ShaclSail'] as const;
export type BaseSailType = (typeof BASE_SAIL_TYPES)[number];
export type AdapterSailType = (typeof ADAPTER_SAIL_TYPES)[number];
export type SailType = BaseSailType | AdapterSailType;

/** RDF4J names that differ from ours (the spec renamed the vendor-named store). */
export const TYPE_NAME_ALIASES: ReadonlyMap<string, SailType> = new Map([['ElasticsearchStore', 'SearchEngineStore']]);

/** Our spelling of a type identifier. */
export function typeString(type: RepositoryType | SailType): string {
  return 'svc:' + type;
}
