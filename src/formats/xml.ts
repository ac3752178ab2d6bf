/**
 * XML plumbing for the XML formats of spec §4.15 (SPARQL Query Results XML,
 * TriX, RDF/XML writing): escaping per XML 1.0 §2.4/§3.3.3, and a streaming
 * read through `saxes` that feeds chunks as they arrive and reports errors as
 * `ParseError` with line and column.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { type ByteSource, ParseError } from './format.ts';
import { textChunks } from './io.ts';

const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIAL_ALL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;
const ATTRIBUTE_SPECIAL_ALL = /[&<>"\t\n\r]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;',
};
const entity = (c: string): string => ENTITIES[c]!;

/** Character data; `\r` is escaped so XML's line-end normalization (§2.11) keeps it. */
export function escapeXml(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIAL_ALL, entity) : text;
}

/** An attribute value in double quotes; whitespace is escaped against attribute normalization (§3.3.3). */
export function escapeXmlAttribute(text: string): string {
  return ATTRIBUTE_SPECIAL.test(text) ? text.replace(ATTRIBUTE_SPECIAL_ALL, entity) : text;
}

export type XmlTag = SaxesTagNS;

export interface XmlEvents {
  open(tag: XmlTag): void;
  close(tag: XmlTag): void;
  /** Character data and CDATA sections, possibly in several pieces. */
  text(text: string): void;
}

/**
 * Streams `input` through a namespace-aware SAX parser. A `ParseError` thrown by
 * an event handler without a position gets the parser's current line and column.
 */
export async function parseXml(input: ByteSource, format: string, events: XmlEvents): Promise<void> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let failure: ParseError | undefined;
  const at = (message: string): ParseError => new ParseError(message, format, parser.line, parser.column + 1);
  parser.on('error', (e) => {
    failure ??= at(e.message.replace(/^\d+:\d+: /, ''));
  });
  parser.on('opentag', (tag) => events.open(tag));
  parser.on('closetag', (tag) => events.close(tag));
  parser.on('text', (text) => events.text(text));
  parser.on('cdata', (text) => events.text(text));
  const guarded = (step: () => void): void => {
    try {
      step();
    } catch (e) {
      if (e instanceof ParseError && e.line === undefined) throw at(e.message.replace(/ \(line.*$/, ''));
      throw e;
    }
    if (failure) throw failure;
  };
  for await (const text of textChunks(input)) guarded(() => parser.write(text));
  guarded(() => parser.close());
}
