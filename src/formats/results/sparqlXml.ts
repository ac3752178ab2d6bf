/**
 * SPARQL Query Results XML Format (Second Edition, https://www.w3.org/TR/rdf-sparql-XMLres/),
 * spec §4.15 `application/sparql-results+xml`, for tuple and boolean results.
 * Both directions stream: the writer emits one `<result>` per solution, the
 * parser hands each solution over at its `</result>`. RDF-star triple terms
 * use RDF4J's `<triple><subject>…</subject><predicate>…</predicate><object>…</object></triple>`.
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
import { TextBuffer } from '../io.ts';
import { escapeXml, escapeXmlAttribute, parseXml, type XmlTag } from '../xml.ts';

const NAME = 'SPARQL Query Results XML';
const NS = 'http://www.w3.org/2005/sparql-results#';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
// The SPARQL-star alias carries the same document; triple terms use <triple> either way.
const MEDIA_TYPES = ['application/sparql-results+xml', 'application/xml', 'application/x-sparqlstar-results+xml'];

function header(variables: readonly string[]): string {
  const vars = variables.map((v) => `<variable name="${escapeXmlAttribute(v)}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sparql xmlns="${NS}">\n<head>${vars}</head>\n`;
}

function tupleWriter(sink: ByteSink, variables: readonly string[]): TupleWriter {
  const out = new TextBuffer(sink);
  const open = variables.map((v) => `<binding name="${escapeXmlAttribute(v)}">`);
  out.push(header(variables) + '<results>\n');
  return {
    solution(values: Solution) {
      let row = '<result>';
      for (let i = 0; i < open.length; i++) {
        const value = values[i];
        if (value !== undefined) row += open[i] + termXml(value) + '</binding>';
      }
      out.push(row + '</result>\n');
    },
    end() {
      out.push('</results>\n</sparql>\n');
      out.flush();
    },
  };
}

function termXml(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return '<uri>' + escapeXml(term.value) + '</uri>';
    case 'BlankNode':
      return '<bnode>' + escapeXml(term.value) + '</bnode>';
    case 'Literal': {
      const value = escapeXml(term.value) + '</literal>';
      if (term.language) return `<literal xml:lang="${escapeXmlAttribute(term.language)}">` + value;
      if (term.datatype.value === XSD + 'string') return '<literal>' + value;
      return `<literal datatype="${escapeXmlAttribute(term.datatype.value)}">` + value;
    }
    case 'Quad':
      return (
        '<triple><subject>' + termXml(term.subject) + '</subject><predicate>' + termXml(term.predicate) +
        '</predicate><object>' + termXml(term.object) + '</object></triple>'
      );
    default:
      throw new TypeError(`a ${term.termType} cannot appear in query results`);
  }
}

/** What the parser is inside of; terms nest only through `<triple>`. */
interface TermFrame {
  element: string;
  text: string;
  language?: string;
  datatype?: string;
  parts: Term[];
}

/**
 * Reads a results document, tuple or boolean. Calls `onVariables` after
 * `</head>`, `onSolution` per `</result>`; returns the `<boolean>` value if any.
 */
async function readResults(
  input: ByteSource,
  onVariables: (names: string[]) => void,
  onSolution: (row: (Term | undefined)[]) => void,
): Promise<boolean | undefined> {
  const variables: string[] = [];
  let column = new Map<string, number>();
  let row: (Term | undefined)[] | undefined;
  let binding: number | undefined;
  const frames: TermFrame[] = [];
  let booleanText: string | undefined;
  let inBoolean = false;
  await parseXml(input, NAME, {
    open(tag: XmlTag) {
      if (tag.uri !== NS) return; // foreign elements (e.g. <link>) are ignored
      switch (tag.local) {
        case 'variable':
          variables.push(attribute(tag, 'name'));
          break;
        case 'result':
          row = new Array(variables.length).fill(undefined);
          break;
        case 'binding': {
          const name = attribute(tag, 'name');
          binding = column.get(name);
          if (binding === undefined) throw new ParseError(`binding for "${name}", which is not a declared variable`, NAME);
          break;
        }
        case 'uri': case 'bnode': case 'literal': case 'triple': case 'subject': case 'predicate': case 'object':
          frames.push({
            element: tag.local,
            text: '',
            language: tag.attributes['xml:lang']?.uri === XML_NS ? tag.attributes['xml:lang'].value : undefined,
            datatype: tag.attributes['datatype']?.value,
            parts: [],
          });
          break;
        case 'boolean':
          inBoolean = true;
          booleanText = '';
      }
    },
    text(text: string) {
      const frame = frames[frames.length - 1];
      if (frame) frame.text += text;
      else if (inBoolean) booleanText += text;
    },
    close(tag: XmlTag) {
      if (tag.uri !== NS) return;
      switch (tag.local) {
        case 'head':
          column = new Map(variables.map((v, i) => [v, i]));
          onVariables(variables);
          break;
        case 'result':
          onSolution(row!);
          row = undefined;
          break;
        case 'uri': case 'bnode': case 'literal': case 'triple': case 'subject': case 'predicate': case 'object': {
          const frame = frames.pop()!;
          const term = frameTerm(frame);
          const parent = frames[frames.length - 1];
          if (parent) parent.parts.push(term);
          else if (row && binding !== undefined) row[binding] = term;
          break;
        }
        case 'boolean':
          inBoolean = false;
      }
    },
  });
  if (booleanText === undefined) return undefined;
  const value = booleanText.trim();
  if (value !== 'true' && value !== 'false') throw new ParseError(`invalid boolean ${JSON.stringify(value)}`, NAME);
  return value === 'true';
}

function frameTerm(frame: TermFrame): Term {
  switch (frame.element) {
    case 'uri':
      return namedNode(frame.text);
    case 'bnode':
      return blankNode(frame.text);
    case 'literal':
      if (frame.language) return literal(frame.text, frame.language);
      return frame.datatype ? literal(frame.text, namedNode(frame.datatype)) : literal(frame.text);
    case 'triple': {
      const [s, p, o] = frame.parts;
      if (!s || !p || !o || frame.parts.length !== 3) throw new ParseError('a <triple> needs a subject, a predicate and an object', NAME);
      return quad(s as never, p as never, o as never);
    }
    default: {
      // <subject>, <predicate>, <object>: the one term inside
      const [inner] = frame.parts;
      if (!inner || frame.parts.length !== 1) throw new ParseError(`<${frame.element}> must hold exactly one term`, NAME);
      return inner;
    }
  }
}

function attribute(tag: XmlTag, name: string): string {
  const value = tag.attributes[name]?.value;
  if (value === undefined) throw new ParseError(`<${tag.local}> without the "${name}" attribute`, NAME);
  return value;
}

async function parseTuples(input: ByteSource, handler: TupleHandler): Promise<void> {
  let announced = false;
  const value = await readResults(
    input,
    (names) => {
      announced = true;
      handler.variables(names);
    },
    (row) => handler.solution(row),
  );
  if (value !== undefined) throw new ParseError('a boolean result where a tuple result was expected', NAME);
  if (!announced) throw new ParseError('no <head> element', NAME);
}

async function parseBoolean(input: ByteSource): Promise<boolean> {
  const value = await readResults(input, () => undefined, () => {
    throw new ParseError('a tuple result where a boolean result was expected', NAME);
  });
  if (value === undefined) throw new ParseError('no <boolean> element', NAME);
  return value;
}

export const sparqlXmlTuple: TupleResultFormat = {
  kind: 'tuple',
  name: NAME,
  mediaTypes: MEDIA_TYPES,
  extensions: ['srx', 'xml'],
  binary: false,
  parse: parseTuples,
  writer: tupleWriter,
};

export const sparqlXmlBoolean: BooleanResultFormat = {
  kind: 'boolean',
  name: NAME,
  mediaTypes: MEDIA_TYPES,
  extensions: ['srx', 'xml'],
  binary: false,
  parse: parseBoolean,
  write(sink, value) {
    sink.write(header([]) + `<boolean>${value}</boolean>\n</sparql>\n`);
  },
};
