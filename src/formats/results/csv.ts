/**
 * SPARQL 1.1 Query Results CSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/#csv),
 * `text/csv`, write only: lossy by design (no term types), so nothing should read it back.
 * Fields with `"`, `,`, CR or LF are quoted (RFC 4180); rows end with CRLF.
 */
import type { Term } from '../../rdf/terms.ts';
import type { ByteSink, Solution, TupleResultFormat, TupleWriter } from '../format.ts';
import { TextBuffer } from '../io.ts';

const NEEDS_QUOTES = /[",\r\n]/;

function field(text: string): string {
  return NEEDS_QUOTES.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

/** §4.2: IRIs and literals as their string, blank nodes as `_:label`. */
function termText(term: Term): string {
  switch (term.termType) {
    case 'BlankNode':
      return '_:' + term.value;
    case 'Quad':
      return `<< ${termText(term.subject)} ${termText(term.predicate)} ${termText(term.object)} >>`;
    default:
      return term.value;
  }
}

function tupleWriter(sink: ByteSink, variables: readonly string[]): TupleWriter {
  const out = new TextBuffer(sink);
  out.push(variables.map(field).join(',') + '\r\n');
  return {
    solution(values: Solution) {
      let row = '';
      for (let i = 0; i < variables.length; i++) {
        const value = values[i];
        row += (i === 0 ? '' : ',') + (value === undefined ? '' : field(termText(value)));
      }
      out.push(row + '\r\n');
    },
    end: () => out.flush(),
  };
}

export const sparqlCsv: TupleResultFormat = {
  kind: 'tuple',
  name: 'SPARQL Query Results CSV',
  mediaTypes: ['text/csv'],
  extensions: ['csv'],
  binary: false,
  writer: tupleWriter,
};
