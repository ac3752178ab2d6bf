/**
 * §4.3 the query endpoint `/repositories/<repo_id>`: GET (and HEAD) with
 * `query`, POST form-encoded, POST `application/sparql-query`, and — as the
 * SPARQL 1.1 Protocol's update operation — POST `application/sparql-update`
 * or a form with `update`. A query-less GET asking for RDF gets the service description. `evaluateQuery` and `executeUpdate` are shared with
 * `/statements` (§4.5) and transactions (§4.13).
 */
import { MEDIA_TYPES, PARAM, PATHS } from '../../protocol/constants.ts';
import { malformedParameter, missingParameter, unsupportedMediaType } from '../../protocol/errors.ts';
import {
  baseIRI,
  evaluationOptions,
  queryLanguage,
  required,
  single,
  timeoutMs,
  updateOptions,
  type Params,
} from '../../protocol/params.ts';
import type { RepositoryConnection } from '../../repository/api.ts';
import { QueryTimeoutError } from '../../sparql/api.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf, withTimeout, writing } from '../connections.ts';
import { sendQueryResult } from '../results.ts';
import { route, type Route } from '../router.ts';
import { sendServiceDescription, wantsServiceDescription } from './serviceDescription.ts';

export function queryRoutes(context: ServerContext): Route[] {
  const path = `${PATHS.repositories}/:repo`;

  const get = async (exchange: Exchange): Promise<void> => {
    if (!exchange.params.has(PARAM.query) && wantsServiceDescription(exchange)) {
      repositoryOf(context, exchange);
      return sendServiceDescription(exchange);
    }
    const query = required(exchange.params, PARAM.query);
    await reading(repositoryOf(context, exchange), (c) => evaluateQuery(context, exchange, c, query));
  };

  const post = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const operation = await postedOperation(exchange);
    if (operation.kind === 'query') {
      await reading(repository, (c) => evaluateQuery(context, exchange, c, operation.text));
    } else {
      await writing(repository, (c) => executeUpdate(context, exchange, c, operation.text));
      exchange.send(204);
    }
  };

  return [route('GET', path, get), route('POST', path, post)];
}

/** What a POST to the endpoint asks for, by its Content-Type (SPARQL 1.1 Protocol §2.1.2–2.1.3, §2.2.1–2.2.2). */
async function postedOperation(exchange: Exchange): Promise<{ kind: 'query' | 'update'; text: string }> {
  const mediaType = exchange.mediaType;
  if (mediaType === MEDIA_TYPES.sparqlQuery) return { kind: 'query', text: await sparqlBody(exchange) };
  if (mediaType === MEDIA_TYPES.sparqlUpdate) return { kind: 'update', text: await sparqlBody(exchange) };
  if (mediaType !== MEDIA_TYPES.form) throw unsupportedMediaType(mediaType);
  const query = single(exchange.params, PARAM.query);
  const update = single(exchange.params, PARAM.update);
  if (query !== undefined && update !== undefined) throw malformedParameter('both query and update given');
  if (query !== undefined && query !== '') return { kind: 'query', text: query };
  if (update !== undefined && update !== '') return { kind: 'update', text: update };
  throw missingParameter(PARAM.query);
}

/** A raw SPARQL body: UTF-8 (the default without a charset, decisions.md); any other charset is refused. */
export async function sparqlBody(exchange: Exchange): Promise<string> {
  const charset = exchange.charset;
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw unsupportedMediaType(`${exchange.mediaType}; charset=${charset}`);
  }
  return exchange.text();
}

/** The timeout to apply: the `timeout` parameter, capped by the server-wide default (§8). */
function effectiveTimeout(context: ServerContext, params: Params): number | undefined {
  const requested = timeoutMs(params);
  const server = context.options.queryTimeoutMs > 0 ? context.options.queryTimeoutMs : undefined;
  if (requested === undefined) return server;
  return server === undefined ? requested : Math.min(requested, server);
}

/** The base IRI for relative IRIs: `baseURI`, else the endpoint URL ("MAY be the service endpoint"). */
function base(exchange: Exchange): string {
  return baseIRI(exchange.params) ?? exchange.url.origin + exchange.url.pathname;
}

export function evaluateQuery(context: ServerContext, exchange: Exchange, connection: RepositoryConnection, query: string): Promise<void> {
  const params = exchange.params;
  const request = { query, language: queryLanguage(params), baseIRI: base(exchange), ...evaluationOptions(params) };
  const tooLong = () => new QueryTimeoutError('Query evaluation took too long');
  return withTimeout(effectiveTimeout(context, params), tooLong, async (signal) => {
    const result = await abortable(connection.query({ ...request, signal }), signal);
    await sendQueryResult(exchange, result, signal);
  });
}

export function executeUpdate(context: ServerContext, exchange: Exchange, connection: RepositoryConnection, update: string): Promise<void> {
  const params = exchange.params;
  if (update.trim() === '') throw malformedParameter('Updates must be non-empty');
  const request = { update, baseIRI: base(exchange), ...updateOptions(params) };
  const tooLong = () => new QueryTimeoutError('update execution took too long');
  return withTimeout(effectiveTimeout(context, params), tooLong, (signal) =>
    abortable(connection.update({ ...request, signal }), signal),
  );
}

/** Settles with the signal's reason as soon as it aborts, even if `work` ignores the signal. */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
