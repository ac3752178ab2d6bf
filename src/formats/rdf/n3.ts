/**
 * Notation3 (https://w3c.github.io/N3/spec/), spec §4.15 `text/rdf+n3`: parsed and
 * written by n3. Formulas come out as quads in a blank-node graph, as n3 reads them.
 */
import type { RdfFormat } from '../format.ts';
import { n3Writer, parseWithN3 } from './n3Syntax.ts';

export const notation3: RdfFormat = {
  kind: 'rdf',
  name: 'N3',
  mediaTypes: ['text/rdf+n3', 'text/n3'],
  extensions: ['n3'],
  binary: false,
  supportsContexts: false,
  supportsNamespaces: true,
  parse: (input, handler, options) => parseWithN3('N3', input, handler, options),
  writer: (sink, options) => n3Writer('N3', sink, options),
};
