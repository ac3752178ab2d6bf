/**
 * §4.12 `POST /transactions` starts a transaction (201 + absolute `Location`);
 * §4.13 `PUT <txn_url>?action=…` (also POST, and RDF4J's sub-paths
 * `<txn_url>/<action>`) runs an action inside it; §4.14 `DELETE <txn_url>`
 * rolls it back (204, decisions.md). Success statuses are RDF4J's: 200 for ADD,
 * DELETE, GET, SIZE, QUERY, PING, PREPARE, COMMIT; 204 for UPDATE and rollback.
 */
import { ACTIONS, actionNamed, MEDIA_TYPES, NIL_IRIS, PARAM, PATHS, WILDCARD_IRIS, type Action } from '../../protocol/constants.ts';
import { malformedParameter, missingParameter } from '../../protocol/errors.ts';
import { contexts, required, statementFilter, transactionStart } from '../../protocol/params.ts';
import { defaultGraph, type Graph, type Quad, type Term } from '../../rdf/terms.ts';
import type { RepositoryConnection, StatementFilter } from '../../repository/api.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { repositoryOf } from '../connections.ts';
import { uploadFormat } from '../formats.ts';
import { route, type Route } from '../router.ts';
import type { Transaction } from '../transactions.ts';
import { evaluateQuery, executeUpdate, sparqlBody } from './query.ts';
import { exportStatements, uploadStatements } from './statements.ts';
import { sendSize } from './size.ts';

type ActionHandler = (exchange: Exchange, txn: Transaction) => Promise<void>;

export function transactionRoutes(context: ServerContext): Route[] {
  const { transactions } = context;
  const start = `${PATHS.repositories}/:repo/${PATHS.transactions}`;
  const one = `${start}/:txn`;

  const begin = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const { isolationLevel, settings } = transactionStart(exchange.params);
    const txn = await transactions.begin(repository, isolationLevel, settings);
    const location = `${exchange.url.origin}${exchange.url.pathname.replace(/\/+$/, '')}/${txn.id}`;
    exchange.send(201, { Location: location }, '');
  };

  const handlers: Record<Action, ActionHandler> = {
    ADD: async (exchange, txn) => {
      await uploadStatements(exchange, txn.connection, contexts(exchange.params));
      exchange.send(200, {}, '');
    },
    DELETE: async (exchange, txn) => {
      await removeMatching(exchange, txn.connection);
      exchange.send(200, {}, '');
    },
    GET: (exchange, txn) => exportStatements(exchange, txn.connection, statementFilter(exchange.params)),
    SIZE: (exchange, txn) => sendSize(exchange, txn.connection),
    QUERY: async (exchange, txn) => {
      const query = exchange.mediaType === MEDIA_TYPES.sparqlQuery ? await sparqlBody(exchange) : required(exchange.params, PARAM.query);
      await evaluateQuery(context, exchange, txn.connection, query);
    },
    UPDATE: async (exchange, txn) => {
      const update = exchange.mediaType === MEDIA_TYPES.sparqlUpdate ? await sparqlBody(exchange) : required(exchange.params, PARAM.update);
      await executeUpdate(context, exchange, txn.connection, update);
      exchange.send(204);
    },
    PING: async (exchange) => exchange.sendText(200, String(transactions.idleTimeoutMs)),
    PREPARE: async (exchange, txn) => {
      await txn.connection.prepare();
      exchange.send(200, {}, '');
    },
    COMMIT: async (exchange, txn) => {
      // A failed commit leaves the transaction open, so the client can still roll back (rdf4j-facts §5).
      await txn.connection.commit();
      await transactions.end(txn, 'committed');
      exchange.send(200, {}, '');
    },
    ROLLBACK: async (exchange, txn) => {
      await transactions.end(txn, 'rolled back');
      exchange.send(204);
    },
  };

  const act = (action: Action | undefined, exchange: Exchange): Promise<void> => {
    const txn = transactions.get(repositoryOf(context, exchange).id, exchange.pathParams['txn']!);
    if (action === undefined) throw malformedParameter(`unknown action; expected one of ${Object.keys(ACTIONS).join(', ')}`);
    return txn.run(() => handlers[action](exchange, txn));
  };

  const byParameter = (exchange: Exchange): Promise<void> => {
    const name = exchange.params.get(PARAM.action);
    if (name === null || name === '') throw missingParameter(PARAM.action);
    return act(actionNamed(name), exchange);
  };
  const bySubPath = (exchange: Exchange) => act(subPathAction(exchange.pathParams['action']!), exchange);

  return [
    route('POST', start, begin),
    route(['PUT', 'POST'], one, byParameter),
    route('DELETE', one, (exchange) => act(actionNamed(exchange.params.get(PARAM.action) ?? 'ROLLBACK'), exchange)),
    route(['PUT', 'POST', 'DELETE'], `${one}/:action`, bySubPath),
  ];
}

/** `/transactions/<id>/<sub-path>` → its action (the sub-path names of `ACTIONS`). */
function subPathAction(path: string): Action | undefined {
  const entry = Object.entries(ACTIONS).find(([, subPath]) => subPath === path);
  return entry?.[0] as Action | undefined;
}

/**
 * The DELETE action (rdf4j-facts §6): each statement of the body is a pattern —
 * the wildcard IRI in subject, predicate or object matches anything; a statement
 * in the default graph of the payload matches every context, one in a nil graph
 * the default graph only, one in the wildcard graph every context.
 */
async function removeMatching(exchange: Exchange, connection: RepositoryConnection): Promise<void> {
  const patterns: StatementFilter[] = [];
  await uploadFormat(exchange).parse(exchange.body(), { quad: (q) => patterns.push(pattern(q)) }, { preserveBNodeIds: true });
  for (const filter of patterns) await connection.remove(filter);
}

function pattern(quad: Quad): StatementFilter {
  return {
    subject: isWildcard(quad.subject) ? undefined : (quad.subject as StatementFilter['subject']),
    predicate: isWildcard(quad.predicate) ? undefined : (quad.predicate as StatementFilter['predicate']),
    object: isWildcard(quad.object) ? undefined : quad.object,
    contexts: contextsOf(quad.graph),
  };
}

function contextsOf(graph: Quad['graph']): Graph[] | undefined {
  if (graph.termType === 'DefaultGraph' || isWildcard(graph)) return undefined;
  if (graph.termType === 'NamedNode' && (NIL_IRIS as readonly string[]).includes(graph.value)) return [defaultGraph()];
  return [graph as Graph];
}

const isWildcard = (term: Term): boolean => term.termType === 'NamedNode' && (WILDCARD_IRIS as readonly string[]).includes(term.value);
