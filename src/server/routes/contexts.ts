/**
 * §4.7 `GET /repositories/<repo_id>/contexts`: the context identifiers in use, as
 * the tuple result `contextID`. `/rdf-graphs` (§4.8) answers the same list
 * (decisions.md "Graph Store Protocol").
 */
import { FILENAME_HINT, PATHS, RESULT_VARIABLES } from '../../protocol/constants.ts';
import type { Solution } from '../../formats/format.ts';
import type { RepositoryConnection } from '../../repository/api.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf } from '../connections.ts';
import { sendTuples } from '../results.ts';
import { route, type Route } from '../router.ts';

export function contextsRoutes(context: ServerContext): Route[] {
  return [route('GET', `${PATHS.repositories}/:repo/${PATHS.contexts}`, (exchange) => sendContexts(context, exchange))];
}

export function sendContexts(context: ServerContext, exchange: Exchange): Promise<void> {
  return reading(repositoryOf(context, exchange), (c) =>
    sendTuples(exchange, RESULT_VARIABLES.contexts, contextRows(c), FILENAME_HINT.contexts),
  );
}

async function* contextRows(connection: RepositoryConnection): AsyncGenerator<readonly Solution[]> {
  for await (const batch of connection.contexts()) yield batch.map((term) => [term]);
}
