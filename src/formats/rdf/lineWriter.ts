/**
 * The line writer for N-Triples (https://www.w3.org/TR/n-triples/) and N-Quads
 * (https://www.w3.org/TR/n-quads/): one statement per line, every term in full.
 * It is the hot export path, so it builds each line directly and hands the sink
 * ~64 KiB chunks; n3's writer is not used here.
 */
import { formatIri, formatLiteralParts, isValidBlankNodeLabel } from '../../rdf/ntriples.ts';
import { type Term, termKey } from '../../rdf/terms.ts';
import type { ByteSink, RdfWriter } from '../format.ts';
import { TextBuffer } from '../io.ts';

/** Writes statements as lines; `withGraph` adds the graph term (N-Quads). */
export function lineWriter(sink: ByteSink, withGraph: boolean): RdfWriter {
  const out = new TextBuffer(sink);
  return {
    namespace: () => undefined, // line formats have no prefixes
    quad: (q) => {
      const graph = withGraph && q.graph.termType !== 'DefaultGraph' ? ' ' + lineTerm(q.graph) : '';
      out.push(lineTerm(q.subject) + ' ' + lineTerm(q.predicate) + ' ' + lineTerm(q.object) + graph + ' .\n');
    },
    end: () => out.flush(),
  };
}

/** A term as N-Triples writes it; blank-node labels N-Triples cannot spell are hex-encoded. */
export function lineTerm(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return formatIri(term.value);
    case 'Literal':
      return formatLiteralParts(term.value, term.language, term.datatype.value);
    case 'BlankNode':
      return '_:' + (isValidBlankNodeLabel(term.value) ? term.value : 'u_' + Buffer.from(term.value).toString('hex'));
    default:
      return termKey(term);
  }
}
