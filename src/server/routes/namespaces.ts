/**
 * §4.10 `/repositories/<repo_id>/namespaces` (list as tuples `prefix`,
 * `namespace`; DELETE clears all) and §4.11 `/namespaces/<prefix>` (GET as plain
 * text, PUT with a plain-text body, DELETE). An empty `<prefix>` segment is the
 * empty prefix (rdf4j-facts §10).
 */
import { literal } from '../../rdf/terms.ts';
import { FILENAME_HINT, PATHS, RESULT_VARIABLES } from '../../protocol/constants.ts';
import { malformedData, notFound } from '../../protocol/errors.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { reading, repositoryOf, writing } from '../connections.ts';
import { sendTuples } from '../results.ts';
import { route, type Route } from '../router.ts';

// Turtle PN_PREFIX, approximated: a letter first, no '.' last; empty is the empty prefix.
const PREFIX = /^(?:[A-Za-z\u00C0-\uFFFF](?:[\w\-.\u00B7\u00C0-\uFFFF]*[\w\-\u00B7\u00C0-\uFFFF])?)?$/;
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|^`\\]*$/;

export function namespacesRoutes(context: ServerContext): Route[] {
  const list = `${PATHS.repositories}/:repo/${PATHS.namespaces}`;
  const one = `${list}/:prefix`;

  const getAll = (exchange: Exchange): Promise<void> =>
    reading(repositoryOf(context, exchange), async (c) => {
      const rows = [...(await c.namespaces())].map(([prefix, iri]) => [literal(prefix), literal(iri)]);
      await sendTuples(exchange, RESULT_VARIABLES.namespaces, [rows], FILENAME_HINT.namespaces);
    });

  const clear = async (exchange: Exchange): Promise<void> => {
    await writing(repositoryOf(context, exchange), (c) => c.clearNamespaces());
    exchange.send(204);
  };

  const get = (exchange: Exchange): Promise<void> =>
    reading(repositoryOf(context, exchange), async (c) => {
      const prefix = exchange.pathParams['prefix']!;
      const iri = await c.getNamespace(prefix);
      if (iri === undefined) throw notFound(`Undefined prefix: ${prefix}`);
      exchange.sendText(200, iri);
    });

  const put = async (exchange: Exchange): Promise<void> => {
    const repository = repositoryOf(context, exchange);
    const prefix = exchange.pathParams['prefix']!;
    if (!PREFIX.test(prefix)) throw malformedData(`Prefix not valid: ${prefix}`);
    const iri = (await exchange.text()).trim();
    if (iri === '') throw malformedData('No namespace name found in request body');
    if (!ABSOLUTE_IRI.test(iri)) throw malformedData(`Namespace not valid: ${iri}`);
    await writing(repository, (c) => c.setNamespace(prefix, iri));
    exchange.send(204);
  };

  const remove = async (exchange: Exchange): Promise<void> => {
    await writing(repositoryOf(context, exchange), (c) => c.removeNamespace(exchange.pathParams['prefix']!));
    exchange.send(204);
  };

  return [
    route('GET', list, getAll),
    route('DELETE', list, clear),
    route('GET', one, get),
    route('PUT', one, put),
    route('DELETE', one, remove),
  ];
}
