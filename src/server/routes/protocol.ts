/** §4.1 `GET /protocol`: the protocol version as plain text (§9). */
import { PATHS } from '../../protocol/constants.ts';
import type { ServerContext } from '../context.ts';
import { route, type Route } from '../router.ts';

export function protocolRoutes(context: ServerContext): Route[] {
  return [route('GET', PATHS.protocol, async (exchange) => exchange.sendText(200, context.options.protocolVersion))];
}
