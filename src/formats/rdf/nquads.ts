/** N-Quads (RDF 1.1 N-Quads, https://www.w3.org/TR/n-quads/), spec §4.15 `text/x-nquads`. */
import type { RdfFormat } from '../format.ts';
import { lineWriter } from './lineWriter.ts';
import { parseLines } from './lineParser.ts';

export const nquads: RdfFormat = {
  kind: 'rdf',
  name: 'N-Quads',
  mediaTypes: ['text/x-nquads', 'application/n-quads', 'text/nquads'],
  extensions: ['nq'],
  binary: false,
  supportsContexts: true,
  supportsNamespaces: false,
  parse: (input, handler, options) => parseLines('N-Quads', true, input, handler, options),
  writer: (sink) => lineWriter(sink, true),
};
