/**
 * RDF/XML (RDF 1.1 XML Syntax, https://www.w3.org/TR/rdf-syntax-grammar/), spec §4.15
 * `application/rdf+xml`. Parsed by `rdfxml-streaming-parser` (a full, streaming
 * implementation of the grammar); written by our own streaming writer: one
 * `rdf:Description` per run of statements with the same subject. Named graphs
 * are dropped, as RDF/XML has none (RDF4J does the same).
 */
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { RDF_NS, type Quad, type Term, XSD } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type RdfFormat,
  type RdfHandler,
  type RdfParseOptions,
  type RdfWriteOptions,
  type RdfWriter,
} from '../format.ts';
import { TextBuffer, textChunks } from '../io.ts';
import { escapeXml, escapeXmlAttribute } from '../xml.ts';
import { BlankNodeScope } from './blankNodes.ts';
import { prefixEntries } from './prefixes.ts';

const NAME = 'RDF/XML';

async function parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void> {
  const scope = new BlankNodeScope(options);
  const parser = new RdfXmlParser({ baseIRI: options?.baseIRI, dataFactory: scope.factory(), trackPosition: true });
  let failure: Error | undefined;
  const done = new Promise<void>((resolve) => {
    parser.on('data', (q: Quad) => {
      if (!failure) handler.quad(q);
    });
    parser.on('prefix', (prefix: string, iri: { value: string }) => handler.namespace?.(prefix, iri.value));
    parser.on('error', (e: Error) => {
      failure ??= e;
      resolve();
    });
    parser.on('end', () => resolve());
  });
  for await (const text of textChunks(input)) {
    if (failure) break;
    // After an error the stream never drains, so waiting ends with `done` too.
    if (!parser.write(text)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), done]);
  }
  if (!failure) parser.end();
  await done;
  if (failure) throw toParseError(failure);
}

/** The parser reports "Line 3 column 10: …", its XML tokenizer "3:10: …". */
function toParseError(error: Error): ParseError {
  const position = /^(?:Line (\d+) column (\d+)|(\d+):(\d+)): (.*)$/s.exec(error.message);
  if (!position) return new ParseError(error.message, NAME);
  const [, line, column, xmlLine, xmlColumn, message] = position;
  return new ParseError(message!, NAME, Number(line ?? xmlLine), Number(column ?? xmlColumn));
}

// XML 1.0 NCName, restricted to ASCII; other local names fall back to the full IRI's namespace split.
const NCNAME_START = /[A-Za-z_]/;
const NCNAME_CHAR = /[A-Za-z0-9_.-]/;

/** Splits a predicate IRI into namespace + NCName local part; RDF/XML cannot write it otherwise. */
function splitPredicate(iri: string): [string, string] {
  let start = iri.length;
  while (start > 0 && NCNAME_CHAR.test(iri[start - 1]!)) start--;
  while (start < iri.length && !NCNAME_START.test(iri[start]!)) start++;
  if (start === iri.length) throw new TypeError(`RDF/XML cannot write the predicate <${iri}>: it has no XML local name`);
  return [iri.slice(0, start), iri.slice(start)];
}

const NODE_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const XML_PREFIX = NODE_ID;

/** A blank-node label usable as an `rdf:nodeID` (an NCName); others are hex-encoded consistently. */
function nodeId(label: string): string {
  return NODE_ID.test(label) ? label : 'u_' + Buffer.from(label).toString('hex');
}

function writer(sink: ByteSink, options?: RdfWriteOptions): RdfWriter {
  const out = new TextBuffer(sink);
  const prefixes = new Map<string, string>(); // namespace → prefix
  const declare = (prefix: string, iri: string): void => {
    if (!XML_PREFIX.test(prefix) || prefix.toLowerCase().startsWith('xml') || prefixes.has(iri)) return;
    for (const [ns, p] of prefixes) if (p === prefix) prefixes.delete(ns); // one namespace per prefix: the later wins
    prefixes.set(iri, prefix);
  };
  for (const [prefix, iri] of prefixEntries(options?.prefixes)) if (prefix !== 'rdf') declare(prefix, iri);
  prefixes.set(RDF_NS, 'rdf');
  let started = false;
  let subject: Term | undefined;

  const start = (): void => {
    if (started) return;
    started = true;
    let root = `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF`;
    for (const [iri, prefix] of prefixes) root += `\n\txmlns:${prefix}="${escapeXmlAttribute(iri)}"`;
    out.push(root + '>\n');
  };
  /** The element name for a predicate, with an inline xmlns declaration when its namespace has no root prefix. */
  const elementName = (iri: string): [name: string, declaration: string] => {
    const [namespace, local] = splitPredicate(iri);
    const prefix = prefixes.get(namespace);
    if (prefix !== undefined) return [`${prefix}:${local}`, ''];
    return [`ns0:${local}`, ` xmlns:ns0="${escapeXmlAttribute(namespace)}"`];
  };

  return {
    namespace(prefix, iri) {
      if (!started && prefix !== 'rdf') declare(prefix, iri);
    },
    quad(q: Quad) {
      start();
      if (!subject || !subject.equals(q.subject)) {
        if (subject) out.push('</rdf:Description>\n');
        subject = q.subject;
        out.push(`<rdf:Description ${resourceAttribute(q.subject, 'about')}>\n`);
      }
      const [name, declaration] = elementName(q.predicate.value);
      out.push(`\t<${name}${declaration}${objectContent(q.object, name)}\n`);
    },
    end() {
      start();
      if (subject) out.push('</rdf:Description>\n');
      out.push('</rdf:RDF>\n');
      out.flush();
    },
  };
}

function resourceAttribute(term: Term, iriAttribute: 'about' | 'resource'): string {
  if (term.termType === 'NamedNode') return `rdf:${iriAttribute}="${escapeXmlAttribute(term.value)}"`;
  if (term.termType === 'BlankNode') return `rdf:nodeID="${nodeId(term.value)}"`;
  throw new TypeError(`RDF/XML cannot write a ${term.termType} as subject or object resource`);
}

/** The rest of a property element after its name: attributes and content up to the end tag. */
function objectContent(object: Term, name: string): string {
  if (object.termType !== 'Literal') return ` ${resourceAttribute(object, 'resource')}/>`;
  const text = escapeXml(object.value);
  if (object.language) return ` xml:lang="${escapeXmlAttribute(object.language)}">${text}</${name}>`;
  if (object.datatype.value === XSD + 'string') return `>${text}</${name}>`;
  return ` rdf:datatype="${escapeXmlAttribute(object.datatype.value)}">${text}</${name}>`;
}

export const rdfxml: RdfFormat = {
  kind: 'rdf',
  name: NAME,
  mediaTypes: ['application/rdf+xml', 'application/xml', 'text/xml'],
  extensions: ['rdf', 'rdfs', 'owl', 'xml'],
  binary: false,
  supportsContexts: false,
  supportsNamespaces: true,
  parse,
  writer,
};
