/**
 * Decoding of the §4 request parameters into typed requests: statement filters
 * (`subj`, `pred`, `obj`, `context`, `infer`, §4.5), query options (`queryLn`,
 * `$<varname>`, `timeout`, `distinct`, `limit`, `offset`, dataset, §4.3),
 * update datasets (§4.13) and transaction settings (§4.12). Bad values throw
 * `ParameterError` (→ 400) naming the parameter.
 */
import { defaultGraph, namedNode, type Graph, type NamedNode, type Term } from '../rdf/terms.ts';
import { parseContextParameter, parseNTriplesTerm, ParameterError } from '../rdf/ntriples.ts';
import type { StatementFilter } from '../repository/api.ts';
import type { Dataset, EvaluationOptions, QueryLanguage, UpdateOptions } from '../sparql/api.ts';
import { ISOLATION_LEVELS, type IsolationLevel } from '../sail/sail.ts';
import {
  BINDING_PREFIX,
  ISOLATION_LEVEL_SETTING,
  LEGACY_ISOLATION_NS,
  NIL_IRIS,
  NULL_CONTEXT,
  PARAM,
  TRANSACTION_SETTING_PREFIX,
} from './constants.ts';
import { missingParameter, unsupportedQueryLanguage } from './errors.ts';

/** Request parameters: the query string, merged with a form-encoded body where there is one. */
export type Params = URLSearchParams;

/** `infer`: inferred statements are included unless the value is anything but `true` (§4 general rules). */
export function includeInferred(params: Params): boolean {
  const value = params.get(PARAM.includeInferred);
  return value === null || value === '' || value.toLowerCase() === 'true';
}

/** The repeatable `context` parameter; absent (or only empty values, as the Java client sends) = all statements. */
export function contexts(params: Params): Graph[] | undefined {
  const values = params.getAll(PARAM.context).filter((value) => value !== '');
  return values.length === 0 ? undefined : values.map((value) => contextTerm(value));
}

/** A context value: N-Triples IRI or blank node, `null`, or one of the nil IRIs for the default graph. */
function contextTerm(value: string): Graph {
  const term = parseContextParameter(value, PARAM.context);
  return term.termType === 'NamedNode' && isNil(term.value) ? defaultGraph() : term;
}

const isNil = (iri: string): boolean => (NIL_IRIS as readonly string[]).includes(iri);

/** §4.5 statement filters. */
export function statementFilter(params: Params): StatementFilter {
  const subject = optional(params, PARAM.subject, (v) => parseNTriplesTerm(v, PARAM.subject, ['iri', 'bnode']));
  const predicate = optional(params, PARAM.predicate, (v) => parseNTriplesTerm(v, PARAM.predicate, ['iri']));
  const object = optional(params, PARAM.object, (v) => parseNTriplesTerm(v, PARAM.object, ['iri', 'bnode', 'literal']));
  return {
    subject: subject as StatementFilter['subject'],
    predicate: predicate as NamedNode | undefined,
    object,
    contexts: contexts(params),
    includeInferred: includeInferred(params),
  };
}

function optional<T>(params: Params, name: string, decode: (value: string) => T): T | undefined {
  const value = params.get(name);
  // The Java client sends `subj=` for "any".
  return value === null || value === '' ? undefined : decode(value);
}

/** The one value of a parameter that must not repeat (SPARQL Protocol §2.1.4: one `query`). */
export function single(params: Params, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new ParameterError(name, values.join(' | '), 'given more than once');
  return values[0];
}

export function required(params: Params, name: string): string {
  const value = single(params, name);
  if (value === undefined || value === '') throw missingParameter(name);
  return value;
}

/** `queryLn`: `sparql` (default) or `serql`, case-insensitive. */
export function queryLanguage(params: Params): QueryLanguage {
  const value = params.get(PARAM.queryLanguage);
  if (value === null || value === '') return 'sparql';
  const lower = value.toLowerCase();
  if (lower === 'sparql' || lower === 'serql') return lower;
  throw unsupportedQueryLanguage(value);
}

/** `$<varname>=<N-Triples value>` initial bindings. */
export function bindings(params: Params): Map<string, Term> | undefined {
  let result: Map<string, Term> | undefined;
  for (const [name, value] of params) {
    if (!name.startsWith(BINDING_PREFIX) || name.length === 1) continue;
    result ??= new Map();
    result.set(name.slice(1), parseNTriplesTerm(value, name, ['iri', 'bnode', 'literal']));
  }
  return result;
}

/** A non-negative integer parameter (`limit`, `offset`); absent or 0 = none. */
export function count(params: Params, name: string): number | undefined {
  const value = params.get(name);
  if (value === null || value === '') return undefined;
  if (!/^[+-]?\d+$/.test(value.trim())) throw new ParameterError(name, value, 'not an integer');
  const n = Number(value);
  if (n < 0) throw new ParameterError(name, value, 'must not be negative');
  return n === 0 ? undefined : n;
}

/** `timeout` in whole seconds; 0 or negative = unlimited (§8). Returns milliseconds, or undefined. */
export function timeoutMs(params: Params): number | undefined {
  const value = params.get(PARAM.timeout);
  if (value === null || value === '') return undefined;
  if (!/^[+-]?\d+$/.test(value.trim())) throw new ParameterError(PARAM.timeout, value, 'not a whole number of seconds');
  const seconds = Number(value);
  return seconds > 0 ? seconds * 1000 : undefined;
}

/** A graph IRI of a dataset parameter: raw (not N-Triples), `null` or a nil IRI = the default graph. */
function datasetGraph(name: string, value: string): Term {
  if (value === NULL_CONTEXT || isNil(value)) return defaultGraph();
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) throw new ParameterError(name, value, 'not an absolute IRI');
  return namedNode(value);
}

function graphs(params: Params, name: string): Term[] {
  return params.getAll(name).map((value) => datasetGraph(name, value));
}

function namedGraphs(params: Params, name: string): NamedNode[] {
  return graphs(params, name).map((term) => {
    if (term.termType !== 'NamedNode') throw new ParameterError(name, NULL_CONTEXT, 'a named graph needs an IRI');
    return term;
  });
}

/** `default-graph-uri` / `named-graph-uri` (SPARQL Protocol §2.1.4); undefined when neither is given. */
export function queryDataset(params: Params): Dataset | undefined {
  const defaultGraphs = graphs(params, PARAM.defaultGraph);
  const named = namedGraphs(params, PARAM.namedGraph);
  return defaultGraphs.length === 0 && named.length === 0 ? undefined : { defaultGraphs, namedGraphs: named };
}

/** The query options of §4.3 besides the query text. */
export function evaluationOptions(params: Params): EvaluationOptions {
  return {
    bindings: bindings(params),
    includeInferred: includeInferred(params),
    dataset: queryDataset(params),
    distinct: params.get(PARAM.distinct)?.toLowerCase() === 'true',
    limit: count(params, PARAM.limit),
    offset: count(params, PARAM.offset),
  };
}

/** The update options of §4.13: bindings, `infer` and the four dataset parameters. */
export function updateOptions(params: Params): UpdateOptions {
  const option = <T>(values: T[]): T[] | undefined => (values.length === 0 ? undefined : values);
  return {
    bindings: bindings(params),
    includeInferred: includeInferred(params),
    usingGraphs: option(graphs(params, PARAM.usingGraph)),
    usingNamedGraphs: option(namedGraphs(params, PARAM.usingNamedGraph)),
    removeGraphs: option(graphs(params, PARAM.removeGraph)),
    insertGraphs: option(graphs(params, PARAM.insertGraph)),
  };
}

/** `baseURI`: raw, or N-Triples `<…>` as the Java client sends it on uploads (rdf4j-facts §10). */
export function baseIRI(params: Params): string | undefined {
  const value = params.get(PARAM.baseURI);
  if (value === null || value === '') return undefined;
  return value.startsWith('<') && value.endsWith('>') ? value.slice(1, -1) : value;
}

export function flag(params: Params, name: string): boolean {
  return params.get(name)?.toLowerCase() === 'true';
}

export interface TransactionStart {
  readonly isolationLevel?: IsolationLevel;
  readonly settings: ReadonlyMap<string, string>;
}

/**
 * §4.12 `isolation-level` (a level name, or the legacy IRI form) and RDF4J's
 * `transaction-setting__<name>=<value>`; the isolation-level setting is lifted out.
 */
export function transactionStart(params: Params): TransactionStart {
  const settings = new Map<string, string>();
  for (const [name, value] of params) {
    if (name.startsWith(TRANSACTION_SETTING_PREFIX)) settings.set(name.slice(TRANSACTION_SETTING_PREFIX.length), value);
  }
  const level = settings.get(ISOLATION_LEVEL_SETTING) ?? params.get(PARAM.isolationLevel) ?? undefined;
  settings.delete(ISOLATION_LEVEL_SETTING);
  return { isolationLevel: level === undefined || level === '' ? undefined : isolationLevel(level), settings };
}

function isolationLevel(value: string): IsolationLevel {
  const name = value.startsWith(LEGACY_ISOLATION_NS) ? value.slice(LEGACY_ISOLATION_NS.length) : value;
  const level = ISOLATION_LEVELS.find((l) => l === name.toUpperCase());
  if (level === undefined) {
    throw new ParameterError(PARAM.isolationLevel, value, `expected one of ${ISOLATION_LEVELS.join(', ')}`);
  }
  return level;
}
