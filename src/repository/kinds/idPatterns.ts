/**
 * Statement filters (spec §4.5 `subj`, `pred`, `obj`, `context`) as store id
 * patterns, and store id quads back as RDF/JS quads: the edge between the
 * repository API (terms) and the store contract (dictionary ids).
 */
import { type Graph, quad, type Quad } from '../../rdf/terms.ts';
import type { IdQuad, QuadPattern, QuadSource, ValueStore } from '../../sail/sail.ts';
import type { StatementFilter } from '../api.ts';

/**
 * One id pattern per requested context (their union is the answer), or none
 * at all when a term of the filter is unknown to the store: a term the store
 * has never seen matches no statement.
 */
export function idPatterns(values: ValueStore, filter: StatementFilter): QuadPattern[] {
  const s = filter.subject === undefined ? undefined : values.lookup(filter.subject);
  const p = filter.predicate === undefined ? undefined : values.lookup(filter.predicate);
  const o = filter.object === undefined ? undefined : values.lookup(filter.object);
  if ((filter.subject && s === undefined) || (filter.predicate && p === undefined) || (filter.object && o === undefined)) return [];
  const base: QuadPattern = { ...(s === undefined ? {} : { s }), ...(p === undefined ? {} : { p }), ...(o === undefined ? {} : { o }) };
  if (filter.contexts === undefined || filter.contexts.length === 0) return [base];
  return contextIds(values, filter.contexts).map((g) => ({ ...base, g }));
}

/** The ids of the known contexts among `contexts`, each once. */
export function contextIds(values: ValueStore, contexts: readonly Graph[]): number[] {
  const ids = new Set<number>();
  for (const context of contexts) {
    const id = values.lookup(context);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

export function decodeQuad(values: ValueStore, [s, p, o, g]: IdQuad): Quad {
  return quad(values.term(s) as Quad['subject'], values.term(p) as Quad['predicate'], values.term(o) as Quad['object'], values.term(g) as Quad['graph']);
}

/** Statements per batch handed to the caller between awaits (backpressure granularity). */
export const BATCH_SIZE = 1024;

/** The statements matching a filter, decoded, in batches. */
export async function* matchingQuads(source: QuadSource, filter: StatementFilter): AsyncGenerator<readonly Quad[]> {
  let batch: Quad[] = [];
  for (const pattern of idPatterns(source.values, filter)) {
    for (const idQuad of source.match(pattern, filter.includeInferred ?? true)) {
      batch.push(decodeQuad(source.values, idQuad));
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
