/**
 * SPARQL 1.1 Service Description (https://www.w3.org/TR/sparql11-service-description/#accessing):
 * a GET on the query endpoint (§4.3) without a query, from a client that asks
 * for RDF, answers a description of the endpoint: its URL, the languages,
 * the result formats and the default dataset (the union of all graphs,
 * decisions.md "The default dataset").
 */
import { blankNode, namedNode, quad, rdf, type Quad } from '../../rdf/terms.ts';
import { BOOLEAN_FORMATS, RDF_FORMATS, TUPLE_FORMATS } from '../../formats/registry.ts';
import { DEFAULT_GRAPH_QUERY_FORMAT, parseAccept } from '../../formats/negotiate.ts';
import { FILENAME_HINT } from '../../protocol/constants.ts';
import type { Exchange } from '../exchange.ts';
import { sendQuads } from '../results.ts';

const SD = 'http://www.w3.org/ns/sparql-service-description#';
const FORMATS = 'http://www.w3.org/ns/formats/';
const sd = (local: string) => namedNode(SD + local);

/** W3C format IRIs (https://www.w3.org/ns/formats/) of the formats we write, by canonical media type. */
const FORMAT_IRIS: Record<string, string> = {
  'application/sparql-results+json': 'SPARQL_Results_JSON',
  'application/sparql-results+xml': 'SPARQL_Results_XML',
  'text/csv': 'SPARQL_Results_CSV',
  'text/tab-separated-values': 'SPARQL_Results_TSV',
  'text/turtle': 'Turtle',
  'application/rdf+xml': 'RDF_XML',
  'text/plain': 'N-Triples',
  'text/x-nquads': 'N-Quads',
  'application/x-trig': 'TriG',
  'application/ld+json': 'JSON-LD',
  'text/rdf+n3': 'N3',
  'application/rdf+json': 'RDF_JSON',
};

/** Whether the client named an RDF media type in Accept: then a query-less GET is a request for the description. */
export function wantsServiceDescription(exchange: Exchange): boolean {
  const named = parseAccept(exchange.accept).filter((r) => r.q > 0 && r.type !== '*' && r.subtype !== '*');
  return named.some((r) => RDF_FORMATS.some((f) => f.mediaTypes.includes(`${r.type}/${r.subtype}`)));
}

export function sendServiceDescription(exchange: Exchange): Promise<void> {
  const endpoint = namedNode(exchange.url.origin + exchange.url.pathname);
  const service = blankNode('service');
  const dataset = blankNode('dataset');
  const defaultGraph = blankNode('defaultGraph');
  const formats = new Set([...TUPLE_FORMATS, ...BOOLEAN_FORMATS, ...RDF_FORMATS].map((f) => FORMAT_IRIS[f.mediaTypes[0]!]).filter((f) => f !== undefined));
  const quads: Quad[] = [
    quad(service, rdf.type, sd('Service')),
    quad(service, sd('endpoint'), endpoint),
    quad(service, sd('supportedLanguage'), sd('SPARQL11Query')),
    quad(service, sd('supportedLanguage'), sd('SPARQL11Update')),
    quad(service, sd('feature'), sd('UnionDefaultGraph')),
    quad(service, sd('feature'), sd('BasicFederatedQuery')),
    ...[...formats].map((f) => quad(service, sd('resultFormat'), namedNode(FORMATS + f))),
    quad(service, sd('defaultDataset'), dataset),
    quad(dataset, rdf.type, sd('Dataset')),
    quad(dataset, sd('defaultGraph'), defaultGraph),
    quad(defaultGraph, rdf.type, sd('Graph')),
  ];
  return sendQuads(exchange, [quads], new Map([['sd', SD]]), FILENAME_HINT.queryResult, undefined, DEFAULT_GRAPH_QUERY_FORMAT);
}
