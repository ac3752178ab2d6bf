/**
 * The line writer for N-Triples (https://www.w3.org/TR/n-triples/) and N-Quads
 * (https://www.w3.org/TR/n-quads/): one statement per line, every term in full.
 * It is the hot export path, so it encodes each term straight into a byte
 * buffer (no per-line strings to build and collect) and hands the sink
 * ~64 KiB chunks; n3's writer is not used here.
 */
import { formatIri, formatLiteralParts, needsIriEscapes, writableBlankNodeLabel } from '../../rdf/ntriples.ts';
import { escapeString, type Term, termKey, XSD } from '../../rdf/terms.ts';
import type { ByteSink, RdfWriter } from '../format.ts';
import { ByteBuffer } from '../io.ts';

const SPACE = 32;
const XSD_STRING = XSD + 'string';

/** Writes statements as lines; `withGraph` adds the graph term (N-Quads). */
export function lineWriter(sink: ByteSink, withGraph: boolean): RdfWriter {
  const out = new ByteBuffer(sink);
  return {
    namespace: () => undefined, // line formats have no prefixes
    quad: (q) => {
      writeTerm(out, q.subject);
      out.byte(SPACE);
      writeTerm(out, q.predicate);
      out.byte(SPACE);
      writeTerm(out, q.object);
      if (withGraph && q.graph.termType !== 'DefaultGraph') {
        out.byte(SPACE);
        writeTerm(out, q.graph);
      }
      out.utf8(' .\n');
      out.flush();
    },
    end: () => out.flush(true),
  };
}

function writeTerm(out: ByteBuffer, term: Term): void {
  switch (term.termType) {
    case 'NamedNode':
      return writeIri(out, term.value);
    case 'Literal': {
      out.byte(34);
      out.utf8(escapeString(term.value));
      out.byte(34);
      if (term.language) {
        out.byte(64);
        return out.utf8(term.language);
      }
      const datatype = term.datatype.value;
      if (datatype === XSD_STRING) return;
      out.utf8('^^');
      return writeIri(out, datatype);
    }
    default:
      return out.utf8(lineTerm(term));
  }
}

function writeIri(out: ByteBuffer, iri: string): void {
  if (needsIriEscapes(iri)) return out.utf8(formatIri(iri));
  out.byte(60);
  out.utf8(iri);
  out.byte(62);
}

/** A term as N-Triples writes it; blank-node labels N-Triples cannot spell are hex-encoded. */
export function lineTerm(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return formatIri(term.value);
    case 'Literal':
      return formatLiteralParts(term.value, term.language, term.datatype.value);
    case 'BlankNode':
      return '_:' + writableBlankNodeLabel(term.value);
    default:
      return termKey(term);
  }
}
