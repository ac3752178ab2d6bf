/** §4.6 `GET /repositories/<repo_id>/size`: the statement count (optionally in some contexts) as plain text. */
import { PATHS } from '../../protocol/constants.ts';
import { contexts } from '../../protocol/params.ts';
import type { RepositoryConnection } from '../../repository/api.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf } from '../connections.ts';
import { route, type Route } from '../router.ts';

export function sizeRoutes(context: ServerContext): Route[] {
  return [
    route('GET', `${PATHS.repositories}/:repo/${PATHS.size}`, (exchange) =>
      reading(repositoryOf(context, exchange), (c) => sendSize(exchange, c)),
    ),
  ];
}

export async function sendSize(exchange: Exchange, connection: RepositoryConnection): Promise<void> {
  exchange.sendText(200, String(await connection.size(contexts(exchange.params))));
}
