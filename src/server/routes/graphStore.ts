/**
 * §4.8 `/rdf-graphs` (the named-graph overview, answered like `/contexts`) and
 * §4.9 the Graph Store: `/rdf-graphs/service?graph=<iri>` or `?default`
 * (indirect) and `/rdf-graphs/<name>` (direct: the request URL is the graph).
 * Status codes follow the W3C Graph Store Protocol (decisions.md): 201 when a
 * PUT or POST creates the graph, 204 when it changes one, 404 for a missing
 * graph; `POST /rdf-graphs` creates a new graph and answers 201 + `Location`.
 */
import { randomUUID } from 'node:crypto';
import { defaultGraph, namedNode, type Graph } from '../../rdf/terms.ts';
import { MEDIA_TYPES, PARAM, PATHS, repositoryUrl } from '../../protocol/constants.ts';
import { malformedParameter, notFound, unsupportedMediaType } from '../../protocol/errors.ts';
import { rdfFormatFor } from '../../formats/registry.ts';
import { baseIRI } from '../../protocol/params.ts';
import type { Repository, RepositoryConnection } from '../../repository/api.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf, writing } from '../connections.ts';
import { boundaryOf, splitMultipart } from '../multipart.ts';
import { route, type Route } from '../router.ts';
import { sendContexts } from './contexts.ts';
import { exportStatements, uploadStatements } from './statements.ts';

export function graphStoreRoutes(context: ServerContext): Route[] {
  const overview = `${PATHS.repositories}/:repo/${PATHS.rdfGraphs}`;
  const graphPath = `${overview}/:name`;

  const get = async (exchange: Exchange): Promise<void> => {
    const graph = selectedGraph(exchange);
    await reading(repositoryOf(context, exchange), async (c) => {
      if (!(await exists(c, graph))) throw notFound(`no graph ${describe(graph)}`);
      await exportStatements(exchange, c, { contexts: [graph] }, true);
    });
  };

  const put = async (exchange: Exchange): Promise<void> => {
    const graph = selectedGraph(exchange);
    const created = await change(repositoryOf(context, exchange), graph, async (c) => {
      await c.remove({ contexts: [graph] });
      await upload(exchange, c, graph);
    });
    exchange.send(created ? 201 : 204);
  };

  const post = async (exchange: Exchange): Promise<void> => {
    const graph = selectedGraph(exchange);
    const created = await change(repositoryOf(context, exchange), graph, (c) => upload(exchange, c, graph));
    exchange.send(created ? 201 : 204);
  };

  const remove = async (exchange: Exchange): Promise<void> => {
    const graph = selectedGraph(exchange);
    await writing(repositoryOf(context, exchange), async (c) => {
      if (!(await exists(c, graph))) throw notFound(`no graph ${describe(graph)}`);
      await c.remove({ contexts: [graph] });
    });
    exchange.send(204);
  };

  /** W3C GSP §5.5: POST to the store itself makes a new graph named by the server. */
  const createGraph = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const location = repositoryUrl(exchange.url.origin, repository.id, PATHS.rdfGraphs, randomUUID());
    const graph = namedNode(location);
    await writing(repository, (c) => upload(exchange, c, graph));
    exchange.send(201, { Location: location });
  };

  return [
    route('GET', overview, (exchange) => sendContexts(context, exchange)),
    route('POST', overview, createGraph),
    route('GET', graphPath, get),
    route('PUT', graphPath, put),
    route('POST', graphPath, post),
    route('DELETE', graphPath, remove),
  ];
}

/** The graph a request addresses: indirect by `graph`/`default` on `/service`, else the request URL itself. */
function selectedGraph(exchange: Exchange): Graph {
  if (exchange.pathParams['name'] !== PATHS.graphStoreService) return namedNode(exchange.url.origin + exchange.url.pathname);
  const graphs = exchange.params.getAll(PARAM.graph);
  const isDefault = exchange.params.has(PARAM.default);
  if (graphs.length + (isDefault ? 1 : 0) !== 1) {
    throw malformedParameter(`Named or default graph expected: give exactly one of '${PARAM.graph}' or '${PARAM.default}'`);
  }
  if (isDefault) return defaultGraph();
  const iri = graphs[0]!;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(iri)) throw malformedParameter(`'${PARAM.graph}' is not an absolute IRI: ${iri}`);
  return namedNode(iri);
}

/** The default graph always exists; a named graph exists while it holds a statement. */
async function exists(connection: RepositoryConnection, graph: Graph): Promise<boolean> {
  return graph.termType === 'DefaultGraph' || (await connection.size([graph])) > 0;
}

/** Runs a write on the graph; tells whether the graph was created by it (an empty body creates nothing). */
function change(repository: Repository, graph: Graph, work: (c: RepositoryConnection) => Promise<void>): Promise<boolean> {
  return writing(repository, async (c) => {
    const existed = await exists(c, graph);
    await work(c);
    return !existed && (await exists(c, graph));
  });
}

/** The body (one RDF document, or several as multipart/form-data) into `graph`; base IRI = the graph IRI. */
async function upload(exchange: Exchange, connection: RepositoryConnection, graph: Graph): Promise<void> {
  const base = graph.termType === 'NamedNode' ? graph.value : undefined;
  if (exchange.mediaType !== MEDIA_TYPES.multipart) return uploadStatements(exchange, connection, [graph], base);
  const body = await exchange.bytes();
  for (const part of splitMultipart(body, boundaryOf(exchange.req.headers['content-type'] ?? ''))) {
    const format = part.contentType === undefined ? undefined : rdfFormatFor(part.contentType);
    if (format === undefined) throw unsupportedMediaType(part.contentType);
    const options = { baseIRI: baseIRI(exchange.params) ?? base ?? exchange.url.href };
    await format.parse([part.body], { quad: (q) => connection.add(q, [graph]) }, options);
  }
}

function describe(graph: Graph): string {
  return graph.termType === 'DefaultGraph' ? '(default)' : `<${graph.value}>`;
}
