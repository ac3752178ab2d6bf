/** N-Triples (RDF 1.1 N-Triples, https://www.w3.org/TR/n-triples/), spec §4.15 `text/plain`. */
import type { RdfFormat } from '../format.ts';
import { lineWriter } from './lineWriter.ts';
import { parseLines } from './lineParser.ts';

export const ntriples: RdfFormat = {
  kind: 'rdf',
  name: 'N-Triples',
  mediaTypes: ['text/plain', 'application/n-triples'],
  extensions: ['nt'],
  binary: false,
  supportsContexts: false,
  supportsNamespaces: false,
  parse: (input, handler, options) => parseLines('N-Triples', false, input, handler, options),
  writer: (sink) => lineWriter(sink, false),
};
