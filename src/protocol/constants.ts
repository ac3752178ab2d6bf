/**
 * The protocol constants (spec §2.1 resources, §4 parameters, §4.13 actions,
 * §4.15 request media types, §9 version): ONE table, imported by the server,
 * the HTTPRepository client and the conformance suite, after RDF4J's
 * `Protocol.java`. Nothing here may be spelled out a second time elsewhere.
 */

/** §9: the version this specification defines. `--protocol-version 12` advertises RDF4J's for its Java client. */
export const PROTOCOL_VERSION = '8';
/** The version current RDF4J servers report (rdf4j-facts §1); the Java client needs ≥ 9 to create repositories. */
export const RDF4J_PROTOCOL_VERSION = '12';

/** §2.1 resource paths, relative to `{base_url}`. */
export const PATHS = {
  protocol: '/protocol',
  repositories: '/repositories',
  /** Sub-resources of `/repositories/<repo_id>`. */
  statements: 'statements',
  contexts: 'contexts',
  size: 'size',
  rdfGraphs: 'rdf-graphs',
  /** `rdf-graphs/service`: the indirect Graph Store (§4.9). */
  graphStoreService: 'service',
  namespaces: 'namespaces',
  transactions: 'transactions',
  /** RDF4J ≥ 10: `/repositories/<id>/config`. */
  config: 'config',
} as const;

/** URL of a repository (and, with `sub`, of one of its resources) under a server base URL. */
export function repositoryUrl(baseUrl: string, repositoryId: string, ...sub: string[]): string {
  const parts = [encodeURIComponent(repositoryId), ...sub.map(encodeURIComponent)];
  return `${baseUrl.replace(/\/+$/, '')}${PATHS.repositories}/${parts.join('/')}`;
}

/** Request parameter names (§4.3, §4.5, §4.9, §4.12–4.13, rdf4j-facts §10). */
export const PARAM = {
  query: 'query',
  queryLanguage: 'queryLn',
  includeInferred: 'infer',
  timeout: 'timeout',
  distinct: 'distinct',
  limit: 'limit',
  offset: 'offset',
  baseURI: 'baseURI',
  defaultGraph: 'default-graph-uri',
  namedGraph: 'named-graph-uri',
  subject: 'subj',
  predicate: 'pred',
  object: 'obj',
  context: 'context',
  update: 'update',
  usingGraph: 'using-graph-uri',
  usingNamedGraph: 'using-named-graph-uri',
  removeGraph: 'remove-graph-uri',
  insertGraph: 'insert-graph-uri',
  isolationLevel: 'isolation-level',
  action: 'action',
  preserveNodeId: 'preserveNodeId',
  /** §4.9 indirect graph identification. */
  graph: 'graph',
  default: 'default',
  /** An `Accept` query parameter overrides the header (decisions.md "Formats"). */
  accept: 'Accept',
} as const;

/** `$<varname>`: binds a query variable (§4.3). */
export const BINDING_PREFIX = '$';
/** `transaction-setting__<name>=<value>` (RDF4J protocol 11, rdf4j-facts §5). */
export const TRANSACTION_SETTING_PREFIX = 'transaction-setting__';
/** The setting name RDF4J clients use for the isolation level. */
export const ISOLATION_LEVEL_SETTING = 'org.eclipse.rdf4j.common.transaction.IsolationLevel';
/** Legacy `isolation-level` values may be IRIs in this namespace (rdf4j-facts §5). */
export const LEGACY_ISOLATION_NS = 'http://www.openrdf.org/schema/sesame#';

/** The `context` / `default-graph-uri` value naming the default graph (§2.2). */
export const NULL_CONTEXT = 'null';

/** §4.13 actions (plus RDF4J's PING, PREPARE, ROLLBACK), each also reachable as a sub-path `/transactions/<id>/<path>`. */
export const ACTIONS = {
  ADD: 'add',
  DELETE: 'delete',
  GET: 'get',
  SIZE: 'size',
  QUERY: 'query',
  UPDATE: 'update',
  PING: 'ping',
  PREPARE: 'prepare',
  COMMIT: 'commit',
  ROLLBACK: 'rollback',
} as const;
export type Action = keyof typeof ACTIONS;

/** The action named by an `action` parameter value or a sub-path (case-insensitive), or undefined. */
export function actionNamed(name: string): Action | undefined {
  const upper = name.toUpperCase();
  return Object.hasOwn(ACTIONS, upper) ? (upper as Action) : undefined;
}

/** Request body media types that are not RDF or result formats (§4.3, §4.5). */
export const MEDIA_TYPES = {
  transaction: 'application/x-rdftransaction',
  sparqlQuery: 'application/sparql-query',
  sparqlUpdate: 'application/sparql-update',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  text: 'text/plain',
  /** SHACL validation report body of a 409 (rdf4j-facts §2.1). */
  shaclReport: 'application/shacl-validation-report+rdf+json',
} as const;

/** Our schema namespace (decisions.md "Identifiers") and RDF4J's, accepted as aliases on input. */
export const SVC_NS = 'http://svc.org/schema/svc#';
export const SESAME_NS = 'http://www.openrdf.org/schema/sesame#';
export const RDF4J_NS = 'http://rdf4j.org/schema/rdf4j#';

/** §2.2 wildcard of a transaction DELETE; ours first, then RDF4J's. */
export const WILDCARD_IRIS = [SVC_NS + 'wildcard', SESAME_NS + 'wildcard'] as const;
/** The IRI naming the default graph (context `null`); ours first, then RDF4J's and Sesame's. */
export const NIL_IRIS = [SVC_NS + 'nil', RDF4J_NS + 'nil', SESAME_NS + 'nil'] as const;

/** Error body labels (`LABEL: message`, rdf4j-facts §2.1); RDF4J clients parse the first five. */
export const ERROR_LABEL = {
  malformedQuery: 'MALFORMED QUERY',
  malformedData: 'MALFORMED DATA',
  unsupportedQueryLanguage: 'UNSUPPORTED QUERY LANGUAGE',
  unsupportedFileFormat: 'UNSUPPORTED FILE FORMAT',
  repositoryExists: 'REPOSITORY EXISTS',
  unknownRepository: 'UNKNOWN REPOSITORY',
  unknownTransaction: 'UNKNOWN TRANSACTION',
  malformedParameter: 'MALFORMED PARAMETER',
  conflict: 'CONFLICT',
  timeout: 'TIMEOUT',
  bodyTooLarge: 'REQUEST TOO LARGE',
  unsupportedMediaType: 'UNSUPPORTED MEDIA TYPE',
  notAcceptable: 'NOT ACCEPTABLE',
  methodNotAllowed: 'METHOD NOT ALLOWED',
  notFound: 'NOT FOUND',
  internal: 'INTERNAL ERROR',
} as const;
export type ErrorLabel = (typeof ERROR_LABEL)[keyof typeof ERROR_LABEL];

/** `Content-Disposition` filename hints (rdf4j-facts §7.1). */
export const FILENAME_HINT = {
  queryResult: 'query-result',
  statements: 'statements',
  contexts: 'contexts',
  namespaces: 'namespaces',
  repositories: 'repositories',
  config: 'config',
} as const;

/** Variables of the tuple results of §2.2. */
export const RESULT_VARIABLES = {
  repositories: ['uri', 'id', 'title', 'readable', 'writable'],
  contexts: ['contextID'],
  namespaces: ['prefix', 'namespace'],
} as const;
