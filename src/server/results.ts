/**
 * Writing §4 results: query results (§4.3 — tuple, boolean, graph), statement
 * exports (§4.5, §4.9), and the tuple lists of §4.2, §4.7, §4.10, streamed in
 * batches in the negotiated format. Between batches: backpressure, and the
 * query's abort signal (a timeout mid-stream aborts the response).
 */
import type { Quad } from '../rdf/terms.ts';
import type { Solution } from '../formats/format.ts';
import type { QueryResult } from '../sparql/api.ts';
import { BOOLEAN_FORMATS, RDF_FORMATS, TUPLE_FORMATS } from '../formats/registry.ts';
import {
  DEFAULT_BOOLEAN_FORMAT,
  DEFAULT_GRAPH_QUERY_FORMAT,
  DEFAULT_STATEMENTS_FORMAT,
  DEFAULT_TUPLE_FORMAT,
} from '../formats/negotiate.ts';
import { FILENAME_HINT } from '../protocol/constants.ts';
import { internalError } from '../protocol/errors.ts';
import type { Exchange } from './exchange.ts';
import { chooseFormat, documentHeaders } from './formats.ts';

export async function sendQueryResult(exchange: Exchange, result: QueryResult, signal?: AbortSignal): Promise<void> {
  switch (result.kind) {
    case 'bindings':
      return sendTuples(exchange, result.variables, result.solutions, FILENAME_HINT.queryResult, signal);
    case 'boolean':
      return sendBoolean(exchange, result.value);
    case 'quads':
      return sendQuads(exchange, result.quads, result.prefixes, FILENAME_HINT.queryResult, signal, DEFAULT_GRAPH_QUERY_FORMAT);
  }
}

function sendBoolean(exchange: Exchange, value: boolean): Promise<void> {
  const format = chooseFormat(exchange, BOOLEAN_FORMATS, DEFAULT_BOOLEAN_FORMAT);
  if (!format.write) throw internalError(`${format.name} cannot be written`);
  const write = format.write;
  return exchange.stream(200, documentHeaders(exchange, format, FILENAME_HINT.queryResult), async function* (sink) {
    write(sink, value);
    yield;
  });
}

export function sendTuples(
  exchange: Exchange,
  variables: readonly string[],
  batches: AsyncIterable<readonly Solution[]> | Iterable<readonly Solution[]>,
  filename: string,
  signal?: AbortSignal,
): Promise<void> {
  const format = chooseFormat(exchange, TUPLE_FORMATS.filter((f) => f.writer), DEFAULT_TUPLE_FORMAT);
  return exchange.stream(200, documentHeaders(exchange, format, filename), async function* (sink) {
    const writer = format.writer!(sink, variables);
    for await (const batch of batches) {
      signal?.throwIfAborted();
      for (const solution of batch) writer.solution(solution);
      yield;
    }
    writer.end();
  });
}

export function sendQuads(
  exchange: Exchange,
  batches: AsyncIterable<readonly Quad[]> | Iterable<readonly Quad[]>,
  prefixes: ReadonlyMap<string, string>,
  filename: string,
  signal: AbortSignal | undefined,
  preferred = DEFAULT_STATEMENTS_FORMAT,
): Promise<void> {
  const format = chooseFormat(exchange, RDF_FORMATS.filter((f) => f.writer), preferred);
  return exchange.stream(200, documentHeaders(exchange, format, filename), async function* (sink) {
    const writer = format.writer!(sink, { prefixes });
    for await (const batch of batches) {
      signal?.throwIfAborted();
      for (const quad of batch) writer.quad(quad);
      yield;
    }
    writer.end();
  });
}
