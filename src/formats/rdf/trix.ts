/**
 * TriX (https://www.hpl.hp.com/techreports/2004/HPL-2004-56.html, namespace
 * `http://www.w3.org/2004/03/trix/trix-1/`), spec §4.15 `application/trix`: XML
 * with one `<graph>` per named graph, its name first (`<uri>` or `<id>`; none for
 * the default graph, as RDF4J writes it), then `<triple>`s of three terms
 * (`<uri>`, `<id>`, `<plainLiteral xml:lang>`, `<typedLiteral datatype>`).
 * Both directions stream: the writer opens a new `<graph>` whenever the graph
 * changes, the parser emits each triple at its `</triple>`.
 */
import { defaultGraph, literal, namedNode, quad, type Quad, type Term, XSD } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type RdfFormat,
  type RdfHandler,
  type RdfParseOptions,
  type RdfWriter,
} from '../format.ts';
import { TextBuffer } from '../io.ts';
import { escapeXml, escapeXmlAttribute, parseXml, type XmlTag } from '../xml.ts';
import { BlankNodeScope } from './blankNodes.ts';

const NAME = 'TriX';
const NS = 'http://www.w3.org/2004/03/trix/trix-1/';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

function writer(sink: ByteSink): RdfWriter {
  const out = new TextBuffer(sink);
  out.push(`<?xml version="1.0" encoding="UTF-8"?>\n<TriX xmlns="${NS}">\n`);
  let graph: Term | undefined;
  return {
    namespace: () => undefined, // TriX has no prefixes
    quad(q: Quad) {
      if (!graph?.equals(q.graph)) {
        if (graph) out.push('</graph>\n');
        graph = q.graph;
        out.push(q.graph.termType === 'DefaultGraph' ? '<graph>\n' : `<graph>\n${termXml(q.graph)}\n`);
      }
      out.push(`<triple>${termXml(q.subject)}${termXml(q.predicate)}${termXml(q.object)}</triple>\n`);
    },
    end() {
      if (graph) out.push('</graph>\n');
      out.push('</TriX>\n');
      out.flush();
    },
  };
}

function termXml(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `<uri>${escapeXml(term.value)}</uri>`;
    case 'BlankNode':
      return `<id>${escapeXml(term.value)}</id>`;
    case 'Literal':
      if (term.language) return `<plainLiteral xml:lang="${escapeXmlAttribute(term.language)}">${escapeXml(term.value)}</plainLiteral>`;
      if (term.datatype.value === XSD + 'string') return `<plainLiteral>${escapeXml(term.value)}</plainLiteral>`;
      return `<typedLiteral datatype="${escapeXmlAttribute(term.datatype.value)}">${escapeXml(term.value)}</typedLiteral>`;
    default:
      throw new TypeError(`TriX cannot write a ${term.termType}`);
  }
}

const TERM_ELEMENTS = new Set(['uri', 'id', 'plainLiteral', 'typedLiteral']);

async function parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void> {
  const scope = new BlankNodeScope(options);
  let graph: Quad['graph'] | undefined;
  let inGraph = false;
  let triple: Term[] | undefined;
  let text = '';
  let open: XmlTag | undefined; // the term element being read
  let sawRoot = false;
  await parseXml(input, NAME, {
    open(tag) {
      if (tag.uri !== NS) throw new ParseError(`unexpected element <${tag.name}> outside the TriX namespace`, NAME);
      if (tag.local === 'TriX') sawRoot = true;
      else if (tag.local === 'graph') {
        inGraph = true;
        graph = undefined;
      } else if (tag.local === 'triple') {
        if (!inGraph) throw new ParseError('<triple> outside <graph>', NAME);
        graph ??= defaultGraph();
        triple = [];
      } else if (TERM_ELEMENTS.has(tag.local)) {
        open = tag;
        text = '';
      } else throw new ParseError(`unknown element <${tag.local}>`, NAME);
    },
    text(piece) {
      if (open) text += piece;
    },
    close(tag) {
      if (TERM_ELEMENTS.has(tag.local)) {
        const term = termOf(open!, text, scope);
        open = undefined;
        if (triple) triple.push(term);
        else if (inGraph && graph === undefined) {
          if (term.termType === 'Literal') throw new ParseError('a graph name must be an IRI or a blank node', NAME);
          graph = term as Quad['graph'];
        } else throw new ParseError(`<${tag.local}> outside a <triple>`, NAME);
      } else if (tag.local === 'triple') {
        handler.quad(tripleQuad(triple!, graph!));
        triple = undefined;
      } else if (tag.local === 'graph') inGraph = false;
    },
  });
  if (!sawRoot) throw new ParseError('no <TriX> root element', NAME);
}

function termOf(tag: XmlTag, text: string, scope: BlankNodeScope): Term {
  switch (tag.local) {
    case 'uri':
      return namedNode(text.trim());
    case 'id':
      return scope.labelled(text.trim());
    case 'plainLiteral': {
      const lang = tag.attributes['xml:lang'];
      return lang?.uri === XML_NS && lang.value ? literal(text, lang.value) : literal(text);
    }
    default: {
      const datatype = tag.attributes['datatype']?.value;
      if (!datatype) throw new ParseError('<typedLiteral> without a datatype attribute', NAME);
      return literal(text, namedNode(datatype));
    }
  }
}

function tripleQuad(terms: Term[], graph: Quad['graph']): Quad {
  const [s, p, o] = terms;
  if (terms.length !== 3 || !s || !p || !o) throw new ParseError(`a <triple> needs three terms, found ${terms.length}`, NAME);
  if (s.termType === 'Literal') throw new ParseError('a literal cannot be a subject', NAME);
  if (p.termType !== 'NamedNode') throw new ParseError('a predicate must be an IRI', NAME);
  return quad(s as Quad['subject'], p, o as Quad['object'], graph);
}

export const trix: RdfFormat = {
  kind: 'rdf',
  name: NAME,
  mediaTypes: ['application/trix'],
  extensions: ['xml', 'trix'],
  binary: false,
  supportsContexts: true,
  supportsNamespaces: false,
  parse,
  writer,
};
