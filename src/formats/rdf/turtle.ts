/** Turtle (RDF 1.1 Turtle, https://www.w3.org/TR/turtle/), spec §4.15 `text/turtle`: parsed and written by n3. */
import type { RdfFormat } from '../format.ts';
import { n3Writer, parseWithN3 } from './n3Syntax.ts';

export const turtle: RdfFormat = {
  kind: 'rdf',
  name: 'Turtle',
  mediaTypes: ['text/turtle', 'application/x-turtle'],
  extensions: ['ttl'],
  binary: false,
  supportsContexts: false,
  supportsNamespaces: true,
  parse: (input, handler, options) => parseWithN3('Turtle', input, handler, options),
  writer: (sink, options) => n3Writer('Turtle', sink, options),
};
