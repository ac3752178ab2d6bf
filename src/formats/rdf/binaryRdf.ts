/**
 * Binary RDF, spec §4.15 `application/x-binary-rdf` (RDF4J's BinaryRDFFormat,
 * layout in rdf4j-facts §7.3). RDF4J's Java client sends every transaction
 * add/remove and repository config in it, so we read versions 1 and 2 and
 * write version 2.
 *
 * Layout:
 *   "BRDF" · int32 big-endian version · (v2) charset name as a string · records
 * Integers: v1 int32 big-endian; v2 unsigned varint (7 bits a byte, low group
 * first, high bit = more). Strings: v1 int32 count of UTF-16 code units + UTF-16BE
 * bytes; v2 varint byte length + bytes in the declared charset.
 * Records (1 byte type):
 *   0 NAMESPACE_DECL (prefix, namespace) · 1 STATEMENT (s, p, o, context values) ·
 *   2 COMMENT (string) · 3 VALUE_DECL (id, value) · 127 END_OF_DATA
 * Values (1 byte type):
 *   0 NULL (the default graph as context) · 1 URI (string) · 2 BNODE (label) ·
 *   3 PLAIN_LITERAL (label; xsd:string) · 4 LANG_LITERAL (label, language) ·
 *   5 DATATYPE_LITERAL (label, datatype IRI string) · 6 VALUE_REF (id) ·
 *   7 TRIPLE (s, p, o values)
 * A later VALUE_DECL of an id replaces the earlier one. Our writer declares
 * every IRI and blank node on first sight, ids 0…16383 handed out in turn (an
 * id is reused, and redeclared, once the table wraps), so repeats cost 2–3 bytes.
 */
import type { GroundTerm, Quad, Term } from '../../rdf/terms.ts';
import { df, literal, namedNode, quad, XSD } from '../../rdf/terms.ts';
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
import { ByteBuffer, ByteReader, byteChunks, readBufferedRecords } from '../io.ts';
import { BlankNodeScope } from './blankNodes.ts';
import { prefixEntries } from './prefixes.ts';

const NAME = 'Binary RDF';
const MAGIC = Buffer.from('BRDF', 'ascii');

const NAMESPACE_DECL = 0;
const STATEMENT = 1;
const COMMENT = 2;
const VALUE_DECL = 3;
const END_OF_DATA = 127;

const NULL_VALUE = 0;
const URI_VALUE = 1;
const BNODE_VALUE = 2;
const PLAIN_LITERAL_VALUE = 3;
const LANG_LITERAL_VALUE = 4;
const DATATYPE_LITERAL_VALUE = 5;
const VALUE_REF = 6;
const TRIPLE_VALUE = 7;

/** Ids below 2^14 fit a two-byte varint. */
const ID_TABLE_SIZE = 1 << 14;

/** Writes format version 2, UTF-8. */
function writer(sink: ByteSink, options?: RdfWriteOptions): RdfWriter {
  const out = new ByteBuffer(sink);
  out.bytes(MAGIC);
  out.int32(2);
  out.string('UTF-8', 'varint');
  for (const [prefix, iri] of prefixEntries(options?.prefixes)) writeNamespace(out, prefix, iri);
  // One id table shared by IRIs and blank nodes; separate maps so keys need no type tag.
  const iriIds = new Map<string, number>();
  const bnodeIds = new Map<string, number>();
  const owners: (Map<string, number> | undefined)[] = new Array(ID_TABLE_SIZE);
  const keys: string[] = new Array(ID_TABLE_SIZE);
  let nextId = 0;

  /** The id of an IRI or blank node, declared with a VALUE_DECL record first if it has none. */
  const declare = (ids: Map<string, number>, key: string, type: number): void => {
    if (ids.has(key)) return;
    const id = nextId;
    nextId = (nextId + 1) % ID_TABLE_SIZE;
    owners[id]?.delete(keys[id]!);
    owners[id] = ids;
    keys[id] = key;
    ids.set(key, id);
    out.byte(VALUE_DECL);
    out.varint(id);
    out.byte(type);
    out.string(key, 'varint');
  };
  /** Declarations go before the STATEMENT record that uses them. */
  const declareTerm = (term: Term): void => {
    if (term.termType === 'NamedNode') declare(iriIds, term.value, URI_VALUE);
    else if (term.termType === 'BlankNode') declare(bnodeIds, term.value, BNODE_VALUE);
  };
  const value = (term: Term): void => {
    switch (term.termType) {
      case 'NamedNode':
        out.byte(VALUE_REF);
        return out.varint(iriIds.get(term.value)!);
      case 'BlankNode':
        out.byte(VALUE_REF);
        return out.varint(bnodeIds.get(term.value)!);
      case 'DefaultGraph':
        return out.byte(NULL_VALUE);
      default:
        return writeInline(out, term);
    }
  };

  return {
    namespace: (prefix, iri) => writeNamespace(out, prefix, iri),
    quad(q: Quad) {
      declareTerm(q.subject);
      declareTerm(q.predicate);
      declareTerm(q.object);
      declareTerm(q.graph);
      out.byte(STATEMENT);
      value(q.subject);
      value(q.predicate);
      value(q.object);
      value(q.graph);
      out.flush();
    },
    end() {
      out.byte(END_OF_DATA);
      out.flush(true);
    },
  };
}

function writeNamespace(out: ByteBuffer, prefix: string, iri: string): void {
  out.byte(NAMESPACE_DECL);
  out.string(prefix, 'varint');
  out.string(iri, 'varint');
}

function writeLiteral(out: ByteBuffer, term: Extract<Term, { termType: 'Literal' }>): void {
  if (term.language) {
    out.byte(LANG_LITERAL_VALUE);
    out.string(term.value, 'varint');
    out.string(term.language, 'varint');
  } else if (term.datatype.value === XSD + 'string') {
    out.byte(PLAIN_LITERAL_VALUE);
    out.string(term.value, 'varint');
  } else {
    out.byte(DATATYPE_LITERAL_VALUE);
    out.string(term.value, 'varint');
    out.string(term.datatype.value, 'varint');
  }
}

/** Literals, and every term inside TRIPLE values, are written in full (no references). */
function writeInline(out: ByteBuffer, term: Term): void {
  switch (term.termType) {
    case 'NamedNode':
      out.byte(URI_VALUE);
      return out.string(term.value, 'varint');
    case 'BlankNode':
      out.byte(BNODE_VALUE);
      return out.string(term.value, 'varint');
    case 'Literal':
      return writeLiteral(out, term);
    case 'Quad':
      out.byte(TRIPLE_VALUE);
      writeInline(out, term.subject);
      writeInline(out, term.predicate);
      return writeInline(out, term.object);
    default:
      throw new TypeError(`a ${term.termType} cannot be written as Binary RDF`);
  }
}

async function parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void> {
  const reader = new ByteReader();
  const document = new DocumentReader(reader, handler, new BlankNodeScope(options));
  for await (const chunk of byteChunks(input)) {
    if (reader.append(chunk) && document.readAvailable()) return;
  }
  throw new ParseError(document.started ? 'unexpected end of input before END_OF_DATA' : 'unexpected end of input in the header', NAME);
}

type Value = GroundTerm | Quad | null;

class DocumentReader {
  started = false;
  private version = 2;
  private decoder: (bytes: Buffer) => string = (bytes) => bytes.toString('utf8');
  private declared: Value[] = [];

  constructor(
    private readonly reader: ByteReader,
    private readonly handler: RdfHandler,
    private readonly scope: BlankNodeScope,
  ) {}

  /** Reads every complete record in the buffer; true once END_OF_DATA was read. */
  readAvailable(): boolean {
    return readBufferedRecords(this.reader, () => {
      if (this.started) return this.readRecord();
      this.readHeader();
      this.started = true;
      return false;
    });
  }


  private readHeader(): void {
    if (!this.reader.slice(4).equals(MAGIC)) throw this.error('not Binary RDF (no "BRDF" header)');
    this.version = this.reader.int32();
    if (this.version !== 1 && this.version !== 2) throw this.error(`unsupported format version ${this.version}`);
    if (this.version === 2) this.decoder = charsetDecoder(this.string(), (m) => this.error(m));
  }

  private readRecord(): boolean {
    const type = this.reader.byte();
    switch (type) {
      case END_OF_DATA:
        return true;
      case STATEMENT:
        this.handler.quad(this.statement());
        return false;
      case VALUE_DECL: {
        const id = this.id();
        this.declared[id] = this.value();
        return false;
      }
      case NAMESPACE_DECL: {
        const prefix = this.string();
        const namespace = this.string();
        this.handler.namespace?.(prefix, namespace);
        return false;
      }
      case COMMENT:
        this.string();
        return false;
      default:
        throw this.error(`invalid record type ${type}`);
    }
  }

  private statement(): Quad {
    const s = this.value();
    const p = this.value();
    const o = this.value();
    const g = this.value();
    if (s === null || (s.termType !== 'NamedNode' && s.termType !== 'BlankNode' && s.termType !== 'Quad')) {
      throw this.error(`invalid subject ${describe(s)}`);
    }
    if (p === null || p.termType !== 'NamedNode') throw this.error(`invalid predicate ${describe(p)}`);
    if (o === null) throw this.error('invalid object: null');
    if (g !== null && g.termType !== 'NamedNode' && g.termType !== 'BlankNode') throw this.error(`invalid context ${describe(g)}`);
    return quad(s, p, o, g ?? df.defaultGraph());
  }

  private value(): Value {
    const type = this.reader.byte();
    switch (type) {
      case NULL_VALUE:
        return null;
      case VALUE_REF: {
        const id = this.id();
        const declared = this.declared[id];
        if (declared === undefined) throw this.error(`reference to undeclared value id ${id}`);
        return declared;
      }
      case URI_VALUE:
        return namedNode(this.string());
      case BNODE_VALUE:
        return this.scope.labelled(this.string());
      case PLAIN_LITERAL_VALUE:
        return literal(this.string());
      case LANG_LITERAL_VALUE: {
        const label = this.string();
        return literal(label, this.string());
      }
      case DATATYPE_LITERAL_VALUE: {
        const label = this.string();
        return literal(label, namedNode(this.string()));
      }
      case TRIPLE_VALUE: {
        const s = this.value();
        const p = this.value();
        const o = this.value();
        if (s === null || s.termType === 'Literal' || p === null || p.termType !== 'NamedNode' || o === null) {
          throw this.error('invalid RDF-star triple value');
        }
        return quad(s, p, o);
      }
      default:
        throw this.error(`unknown value type ${type}`);
    }
  }

  private id(): number {
    return this.version === 1 ? this.reader.int32() : this.reader.varint();
  }

  private string(): string {
    if (this.version === 1) {
      const units = this.reader.int32();
      if (units < 0) throw this.error(`negative string length ${units}`);
      return utf16be(this.reader.slice(units * 2));
    }
    return this.decoder(this.reader.slice(this.reader.varint()));
  }

  private error(message: string): ParseError {
    return new ParseError(`${message} (byte ${this.reader.offset})`, NAME);
  }
}

function describe(value: Value): string {
  return value === null ? 'null' : `${value.termType} ${value.value}`;
}

/** Node decodes UTF-16 little-endian only, so swap each pair of bytes first. */
function utf16be(bytes: Buffer): string {
  return Buffer.from(bytes).swap16().toString('utf16le');
}

/** The charsets a v2 header can name that Node decodes. */
function charsetDecoder(name: string, fail: (message: string) => ParseError): (bytes: Buffer) => string {
  switch (name.toUpperCase()) {
    case 'UTF-8':
    case 'UTF8':
    case 'US-ASCII':
      return (bytes) => bytes.toString('utf8');
    case 'ISO-8859-1':
      return (bytes) => bytes.toString('latin1');
    case 'UTF-16BE':
      return utf16be;
    case 'UTF-16LE':
      return (bytes) => bytes.toString('utf16le');
    default:
      throw fail(`unsupported charset ${JSON.stringify(name)}`);
  }
}

export const binaryRdf: RdfFormat = {
  kind: 'rdf',
  name: NAME,
  mediaTypes: ['application/x-binary-rdf'],
  extensions: ['brf'],
  binary: true,
  supportsContexts: true,
  supportsNamespaces: true,
  parse,
  writer,
};
