/** TriG (RDF 1.1 TriG, https://www.w3.org/TR/trig/), spec §4.15 `application/x-trig`: parsed and written by n3. */
import type { RdfFormat } from '../format.ts';
import { n3Writer, parseWithN3 } from './n3Syntax.ts';

export const trig: RdfFormat = {
  kind: 'rdf',
  name: 'TriG',
  mediaTypes: ['application/x-trig', 'application/trig'],
  extensions: ['trig'],
  binary: false,
  supportsContexts: true,
  supportsNamespaces: true,
  parse: (input, handler, options) => parseWithN3('TriG', input, handler, options),
  writer: (sink, options) => n3Writer('TriG', sink, options),
};
