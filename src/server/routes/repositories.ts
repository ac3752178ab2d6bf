/**
 * §4.2 the repository list, §4.4 repository removal, and RDF4J's repository
 * administration beyond the spec (decisions.md "Protocol version"): create by
 * `PUT /repositories/<id>` with a configuration document in any RDF format,
 * read and replace it at `/repositories/<id>/config`.
 */
import { literal, namedNode, xsd, type Quad } from '../../rdf/terms.ts';
import { FILENAME_HINT, PARAM, PATHS, RESULT_VARIABLES, repositoryUrl } from '../../protocol/constants.ts';
import { malformedParameter, repositoryExists, unknownRepository } from '../../protocol/errors.ts';
import { baseIRI } from '../../protocol/params.ts';
import { CONFIG_PREFIXES } from '../../repository/config/serialize.ts';
import { DEFAULT_GRAPH_QUERY_FORMAT } from '../../formats/negotiate.ts';
import type { Solution } from '../../formats/format.ts';
import type { ServerContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { uploadFormat } from '../formats.ts';
import { sendQuads, sendTuples } from '../results.ts';
import { route, type Route } from '../router.ts';

const REPOSITORY = `${PATHS.repositories}/:repo`;
const CONFIG = `${REPOSITORY}/${PATHS.config}`;

export function repositoryRoutes(context: ServerContext): Route[] {
  const { repositories, transactions } = context;

  const list = async (exchange: Exchange): Promise<void> => {
    const rows: Solution[] = repositories.list().map((info) => [
      namedNode(repositoryUrl(exchange.url.origin, info.id)),
      literal(info.id),
      info.title ? literal(info.title) : undefined,
      literal(String(info.readable), xsd.boolean),
      literal(String(info.writable), xsd.boolean),
    ]);
    await sendTuples(exchange, RESULT_VARIABLES.repositories, [rows], FILENAME_HINT.repositories);
  };

  const create = async (exchange: Exchange): Promise<void> => {
    const id = exchange.pathParams['repo']!;
    const quads = await readConfig(exchange);
    if (repositories.get(id) !== undefined) throw repositoryExists(id);
    await repositories.create(id, quads);
    exchange.send(204);
  };

  const remove = async (exchange: Exchange): Promise<void> => {
    const id = exchange.pathParams['repo']!;
    if (exchange.params.has(PARAM.query)) throw malformedParameter('Repository delete error: query supplied with request');
    if (repositories.get(id) === undefined) throw unknownRepository(id);
    await transactions.closeAll(id);
    if (!(await repositories.remove(id))) throw unknownRepository(id);
    exchange.send(204);
  };

  const getConfig = async (exchange: Exchange): Promise<void> => {
    const id = exchange.pathParams['repo']!;
    if (repositories.get(id) === undefined) throw unknownRepository(id);
    const quads = repositories.config(id);
    await sendQuads(exchange, [quads], CONFIG_PREFIXES, FILENAME_HINT.config, undefined, DEFAULT_GRAPH_QUERY_FORMAT);
  };

  const updateConfig = async (exchange: Exchange): Promise<void> => {
    const id = exchange.pathParams['repo']!;
    if (repositories.get(id) === undefined) throw unknownRepository(id);
    await repositories.update(id, await readConfig(exchange));
    exchange.send(204);
  };

  return [
    route('GET', PATHS.repositories, list),
    route('PUT', REPOSITORY, create),
    route('DELETE', REPOSITORY, remove),
    route('GET', CONFIG, getConfig),
    route('POST', CONFIG, updateConfig),
  ];
}

/** A configuration document of any RDF format (the Java client sends Binary RDF). */
async function readConfig(exchange: Exchange): Promise<Quad[]> {
  const quads: Quad[] = [];
  await uploadFormat(exchange).parse(exchange.body(), { quad: (q) => quads.push(q) }, { baseIRI: baseIRI(exchange.params) ?? exchange.url.href });
  return quads;
}
