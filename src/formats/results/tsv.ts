/**
 * SPARQL 1.1 Query Results TSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/#tsv),
 * `text/tab-separated-values`: header `?a<TAB>?b`, then one row per solution with
 * every term in Turtle/N-Triples syntax and unbound as an empty field. As
 * decisions.md says, plain literals are quoted (`"Dave"`), unlike RDF4J's TSV.
 * The parser also reads the Turtle shorthands the spec allows (`12`, `1.5`, `true`).
 */
import { lineTerm } from '../rdf/lineWriter.ts';
import { readTerm, TermSyntaxError } from '../../rdf/ntriples.ts';
import { literal, type Term, xsd } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type Solution,
  type TupleHandler,
  type TupleResultFormat,
  type TupleWriter,
} from '../format.ts';
import { forEachLine, TextBuffer } from '../io.ts';

const NAME = 'SPARQL Query Results TSV';

function tupleWriter(sink: ByteSink, variables: readonly string[]): TupleWriter {
  const out = new TextBuffer(sink);
  out.push(variables.map((v) => '?' + v).join('\t') + '\n');
  return {
    solution(values: Solution) {
      let row = '';
      for (let i = 0; i < variables.length; i++) {
        const value = values[i];
        row += (i === 0 ? '' : '\t') + (value === undefined ? '' : lineTerm(value));
      }
      out.push(row + '\n');
    },
    end: () => out.flush(),
  };
}

async function parseTuples(input: ByteSource, handler: TupleHandler): Promise<void> {
  let width = -1;
  await forEachLine(input, (line, lineNumber) => {
    if (width < 0) {
      const names = line === '' ? [] : line.split('\t').map((field, i) => variableName(field, lineNumber, i));
      width = names.length;
      handler.variables(names);
      return;
    }
    const fields = line.split('\t');
    // A row of a result with no variables is an empty line; so is the one solution with zero columns.
    if (fields.length !== Math.max(width, 1)) {
      throw new ParseError(`expected ${width} fields, found ${fields.length}`, NAME, lineNumber);
    }
    handler.solution(width === 0 ? [] : fields.map((field, i) => (field === '' ? undefined : fieldTerm(field, lineNumber, i))));
  });
  if (width < 0) throw new ParseError('no header line', NAME);
}

function variableName(field: string, line: number, index: number): string {
  if (!/^[?$][^\s?$]+$/.test(field)) throw new ParseError(`invalid variable ${JSON.stringify(field)}`, NAME, line, index + 1);
  return field.slice(1);
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?\d*\.\d+$/;
const DOUBLE = /^[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+$/;

function fieldTerm(field: string, line: number, index: number): Term {
  if (INTEGER.test(field)) return literal(field, xsd.integer);
  if (DECIMAL.test(field)) return literal(field, xsd.decimal);
  if (DOUBLE.test(field)) return literal(field, xsd.double);
  if (field === 'true' || field === 'false') return literal(field, xsd.boolean);
  try {
    const { term, end } = readTerm(field, 0);
    if (end !== field.length) throw new TermSyntaxError('unexpected text after the term', end);
    return term;
  } catch (e) {
    if (e instanceof TermSyntaxError) throw new ParseError(`field ${index + 1}: ${e.message}`, NAME, line);
    throw e;
  }
}

export const sparqlTsv: TupleResultFormat = {
  kind: 'tuple',
  name: NAME,
  mediaTypes: ['text/tab-separated-values'],
  extensions: ['tsv'],
  binary: false,
  parse: parseTuples,
  writer: tupleWriter,
};
