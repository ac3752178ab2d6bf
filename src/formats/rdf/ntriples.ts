/** N-Triples (RDF 1.1 N-Triples, https://www.w3.org/TR/n-triples/), spec §4.15 `text/plain`. */
import type { RdfFormat } from '../format.ts';
import { lineWriter } from './lineWriter.ts';
import { parseWithN3 } from './n3Syntax.ts';

export const ntriples: RdfFormat = {
  kind: 'rdf',
  name: 'N-Triples',
  mediaTypes: ['text/plain', 'application/n-triples'],
  extensions: ['nt'],
  binary: false,
  supportsContexts: false,
  supportsNamespaces: false,
  parse: (input, handler, options) => parseWithN3('N-Triples', input, handler, options),
  writer: (sink) => lineWriter(sink, false),
};
