/**
 * SPARQL 1.1 Query Results JSON Format (https://www.w3.org/TR/sparql11-results-json/),
 * spec §4.15 `application/sparql-results+json`, for tuple and boolean results.
 * Both directions stream: the writer emits one binding object per solution,
 * the parser hands over each binding as soon as it is read (`../json.ts`).
 * RDF-star triple terms use the `"type": "triple"` encoding RDF4J and Jena share.
 */
import { blankNode, literal, namedNode, quad, type Term, XSD } from '../../rdf/terms.ts';
import {
  type BooleanResultFormat,
  type ByteSink,
  type ByteSource,
  ParseError,
  type Solution,
  type TupleHandler,
  type TupleResultFormat,
  type TupleWriter,
} from '../format.ts';
import { readAllText, TextBuffer } from '../io.ts';
import { parseJson, streamJson } from '../json.ts';

const NAME = 'SPARQL Query Results JSON';
// The SPARQL-star alias carries the same document; triple terms use the "triple" type either way.
const MEDIA_TYPES = ['application/sparql-results+json', 'application/json', 'application/x-sparqlstar-results+json'];

function tupleWriter(sink: ByteSink, variables: readonly string[]): TupleWriter {
  const out = new TextBuffer(sink);
  const keys = variables.map((v) => JSON.stringify(v) + ':');
  out.push(`{"head":{"vars":[${variables.map((v) => JSON.stringify(v)).join(',')}]},"results":{"bindings":[`);
  let separator = '\n';
  return {
    solution(values: Solution) {
      let row = separator + '{';
      let comma = '';
      for (let i = 0; i < keys.length; i++) {
        const value = values[i];
        if (value === undefined) continue;
        row += comma + keys[i] + termJson(value);
        comma = ',';
      }
      out.push(row + '}');
      separator = ',\n';
    },
    end() {
      out.push('\n]}}\n');
      out.flush();
    },
  };
}

/** §3.2.2: an RDF term as a JSON object. */
function termJson(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return '{"type":"uri","value":' + JSON.stringify(term.value) + '}';
    case 'BlankNode':
      return '{"type":"bnode","value":' + JSON.stringify(term.value) + '}';
    case 'Literal': {
      const head = '{"type":"literal","value":' + JSON.stringify(term.value);
      if (term.language) return head + ',"xml:lang":' + JSON.stringify(term.language) + '}';
      if (term.datatype.value === XSD + 'string') return head + '}';
      return head + ',"datatype":' + JSON.stringify(term.datatype.value) + '}';
    }
    case 'Quad':
      return (
        '{"type":"triple","value":{"subject":' + termJson(term.subject) + ',"predicate":' + termJson(term.predicate) +
        ',"object":' + termJson(term.object) + '}}'
      );
    default:
      throw new TypeError(`a ${term.termType} cannot appear in query results`);
  }
}

/**
 * Streams `results.bindings`: each binding becomes a solution as soon as it is
 * read. `head` normally comes first; if it comes after the bindings, they wait for it.
 */
async function parseTuples(input: ByteSource, handler: TupleHandler): Promise<void> {
  let column: Map<string, number> | undefined;
  const waiting: unknown[] = [];
  const start = (root: unknown): Map<string, number> => {
    const vars = asObject(asObject(root, 'the document').head, '"head"').vars;
    if (!Array.isArray(vars) || !vars.every((v) => typeof v === 'string')) throw fail('"head.vars" must be an array of names');
    handler.variables(vars);
    return new Map(vars.map((v, i) => [v, i]));
  };
  const root = await streamJson(input, NAME, isBindings, (binding, partial) => {
    if (!column && (partial as { head?: unknown }).head !== undefined) column = start(partial);
    if (column) handler.solution(solution(binding, column));
    else waiting.push(binding);
  });
  column ??= start(root);
  for (const binding of waiting) handler.solution(solution(binding, column));
  if (!Array.isArray(asObject(asObject(root, 'the document').results, '"results"').bindings)) {
    throw fail('"results.bindings" must be an array');
  }
}

const isBindings = (path: readonly string[]): boolean => path.length === 2 && path[0] === 'results' && path[1] === 'bindings';

function solution(binding: unknown, column: Map<string, number>): Solution {
  const row: (Term | undefined)[] = new Array(column.size).fill(undefined);
  for (const [name, value] of Object.entries(asObject(binding, 'a binding'))) {
    const index = column.get(name);
    if (index === undefined) throw fail(`binding for "${name}", which is not in "head.vars"`);
    row[index] = readTerm(value);
  }
  return row;
}

function readTerm(value: unknown): Term {
  const { type, value: text, datatype, 'xml:lang': lang } = asObject(value, 'an RDF term');
  if (type === 'triple') {
    const { subject, predicate, object } = asObject(text, 'a triple');
    return quad(readTerm(subject) as never, readTerm(predicate) as never, readTerm(object) as never);
  }
  if (typeof text !== 'string') throw fail('an RDF term without a string "value"');
  switch (type) {
    case 'uri':
      return namedNode(text);
    case 'bnode':
      return blankNode(text);
    case 'literal':
    case 'typed-literal': // the 2008 draft's spelling, still sent by some endpoints
      if (typeof lang === 'string') return literal(text, lang);
      return typeof datatype === 'string' ? literal(text, namedNode(datatype)) : literal(text);
    default:
      throw fail(`unknown RDF term type ${JSON.stringify(type)}`);
  }
}

async function parseBoolean(input: ByteSource): Promise<boolean> {
  const doc = asObject(parseJson(await readAllText(input), NAME), 'the document');
  if (typeof doc.boolean !== 'boolean') throw fail('no "boolean" member');
  return doc.boolean;
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

function fail(message: string): ParseError {
  return new ParseError(message, NAME);
}

export const sparqlJsonTuple: TupleResultFormat = {
  kind: 'tuple',
  name: NAME,
  mediaTypes: MEDIA_TYPES,
  extensions: ['srj', 'json'],
  binary: false,
  parse: parseTuples,
  writer: tupleWriter,
};

export const sparqlJsonBoolean: BooleanResultFormat = {
  kind: 'boolean',
  name: NAME,
  mediaTypes: MEDIA_TYPES,
  extensions: ['srj', 'json'],
  binary: false,
  parse: parseBoolean,
  write(sink, value) {
    sink.write(`{"head":{},"boolean":${value}}\n`);
  },
};
