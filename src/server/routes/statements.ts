/**
 * §4.5 `/repositories/<repo_id>/statements`: GET exports matching statements,
 * PUT replaces the selected contexts with a document, DELETE removes matching
 * statements, POST adds a document, runs a SPARQL Update (`update` parameter or
 * `application/sparql-update` body), or runs a transaction document
 * (`application/x-rdftransaction`) as one transaction. The export and upload
 * operations are shared with the Graph Store (§4.9) and transactions (§4.13).
 */
import { quad, type Graph, type Quad } from '../../rdf/terms.ts';
import { FILENAME_HINT, MEDIA_TYPES, PARAM, PATHS } from '../../protocol/constants.ts';
import { baseIRI, contexts, flag, single, statementFilter } from '../../protocol/params.ts';
import type { RepositoryConnection, StatementFilter } from '../../repository/api.ts';
import { parseTransactionDocument, runTransactionDocument } from '../../protocol/transactionDocument.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf, writing } from '../connections.ts';
import { uploadFormat } from '../formats.ts';
import { sendQuads } from '../results.ts';
import { DEFAULT_GRAPH_QUERY_FORMAT } from '../../formats/negotiate.ts';
import { route, type Route } from '../router.ts';
import { executeUpdate, sparqlBody } from './query.ts';

export function statementsRoutes(context: ServerContext): Route[] {
  const path = `${PATHS.repositories}/:repo/${PATHS.statements}`;

  const get = async (exchange: Exchange): Promise<void> => {
    const filter = statementFilter(exchange.params);
    await reading(repositoryOf(context, exchange), (c) => exportStatements(exchange, c, filter));
  };

  const put = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const selected = contexts(exchange.params);
    await writing(repository, async (c) => {
      await c.remove({ contexts: selected });
      await uploadStatements(exchange, c, selected);
    });
    exchange.send(204);
  };

  const remove = async (exchange: Exchange): Promise<void> => {
    const filter = statementFilter(exchange.params);
    await writing(repositoryOf(context, exchange), (c) => c.remove(filter));
    exchange.send(204);
  };

  const post = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const mediaType = exchange.mediaType;
    if (mediaType === MEDIA_TYPES.transaction) {
      const operations = await parseTransactionDocument(exchange.body());
      await writing(repository, (c) => runTransactionDocument(operations, c));
    } else if (mediaType === MEDIA_TYPES.sparqlUpdate) {
      const update = await sparqlBody(exchange);
      await writing(repository, (c) => executeUpdate(context, exchange, c, update));
    } else if (mediaType === MEDIA_TYPES.form || exchange.params.has(PARAM.update)) {
      const update = single(exchange.params, PARAM.update) ?? '';
      await writing(repository, (c) => executeUpdate(context, exchange, c, update));
    } else {
      await writing(repository, (c) => uploadStatements(exchange, c, contexts(exchange.params)));
    }
    exchange.send(204);
  };

  return [route('GET', path, get), route('PUT', path, put), route('DELETE', path, remove), route('POST', path, post)];
}

/**
 * Streams the statements matching `filter` in the negotiated RDF format (TriG by
 * default). `asTriples`: the graph is dropped, as a Graph Store GET returns one
 * graph's triples, not quads naming it (W3C GSP §5.2); Turtle by default then.
 */
export async function exportStatements(
  exchange: Exchange,
  connection: RepositoryConnection,
  filter: StatementFilter,
  asTriples = false,
): Promise<void> {
  const prefixes = await connection.namespaces();
  const batches = connection.statements(filter);
  if (!asTriples) return sendQuads(exchange, batches, prefixes, FILENAME_HINT.statements, undefined);
  return sendQuads(exchange, triplesOf(batches), prefixes, FILENAME_HINT.statements, undefined, DEFAULT_GRAPH_QUERY_FORMAT);
}

async function* triplesOf(batches: AsyncIterable<readonly Quad[]>): AsyncGenerator<readonly Quad[]> {
  for await (const batch of batches) yield batch.map((q) => quad(q.subject, q.predicate, q.object));
}

/**
 * Parses the request body (format by Content-Type) straight into the connection.
 * `contexts` given: every statement goes into each of them instead of its own graph
 * (`context=null`: into the default graph, §4.5).
 */
export async function uploadStatements(exchange: Exchange, connection: RepositoryConnection, contexts?: readonly Graph[], defaultBase?: string): Promise<void> {
  const format = uploadFormat(exchange);
  const options = {
    baseIRI: baseIRI(exchange.params) ?? defaultBase ?? exchange.url.origin + exchange.url.pathname,
    preserveBNodeIds: flag(exchange.params, PARAM.preserveNodeId),
  };
  await format.parse(exchange.body(), { quad: (quad) => connection.add(quad, contexts) }, options);
}
