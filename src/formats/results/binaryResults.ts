/**
 * Binary RDF Results Table, spec §4.15 `application/x-binary-rdf-results-table`
 * (RDF4J's BinaryQueryResultFormat; layout in rdf4j-facts §7.4). Tuple results
 * only: RDF4J defines no binary boolean format, and its Java client asks for
 * `text/boolean` instead.
 *
 * Layout, all integers big-endian int32, strings = int32 byte length + UTF-8:
 *   "BRTR" · version (4; 2 had one flags byte after it; 1 wrote strings as
 *   Java `writeUTF`: uint16 length + bytes) · column count · column names ·
 *   records · TABLE_END.
 * Record markers (1 byte):
 *   0 NULL (unbound) · 1 REPEAT (same as this column in the previous row) ·
 *   2 NAMESPACE (id, namespace; may come before any value) · 3 QNAME (namespace
 *   id, local name) · 4 URI (string) · 5 BNODE (id) · 6 PLAIN_LITERAL (label) ·
 *   7 LANG_LITERAL (label, language) · 8 DATATYPE_LITERAL (label, then a QNAME
 *   or URI record) · 9 EMPTY_ROW (a solution with nothing bound) · 10 TRIPLE
 *   (three values) · 126 ERROR (1 byte kind, message) · 127 TABLE_END.
 * A row is complete after one value record per column. As RDF4J's writer, ours
 * writes IRIs as QNAMEs (namespace ids from 0, declared on first use, a
 * datatype's namespace before the DATATYPE_LITERAL marker) and every
 * non-language literal, xsd:string included, as DATATYPE_LITERAL.
 */
import { blankNode, literal, namedNode, quad, type Term } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type Solution,
  type TupleHandler,
  type TupleResultFormat,
  type TupleWriter,
} from '../format.ts';
import { ByteBuffer, ByteReader, byteChunks, readBufferedRecords } from '../io.ts';

const NAME = 'Binary RDF Results Table';
const MAGIC = Buffer.from('BRTR', 'ascii');
const VERSION = 4;

const NULL = 0;
const REPEAT = 1;
const NAMESPACE = 2;
const QNAME = 3;
const URI = 4;
const BNODE = 5;
const PLAIN_LITERAL = 6;
const LANG_LITERAL = 7;
const DATATYPE_LITERAL = 8;
const EMPTY_ROW = 9;
const TRIPLE = 10;
const ERROR = 126;
const TABLE_END = 127;

/** RDF4J's IRI split (`IRI.getNamespace()`): after the last `#`, else the last `/`, else the last `:`. */
export function splitIri(iri: string): [namespace: string, local: string] {
  let at = iri.lastIndexOf('#');
  if (at < 0) at = iri.lastIndexOf('/');
  if (at < 0) at = iri.lastIndexOf(':');
  return [iri.slice(0, at + 1), iri.slice(at + 1)];
}

function tupleWriter(sink: ByteSink, variables: readonly string[]): TupleWriter {
  const out = new ByteBuffer(sink);
  const namespaces = new Map<string, number>();
  let previous: Solution = [];
  out.bytes(MAGIC);
  out.int32(VERSION);
  out.int32(variables.length);
  for (const name of variables) out.string(name, 'int32');

  const namespaceId = (namespace: string): number => {
    let id = namespaces.get(namespace);
    if (id === undefined) {
      id = namespaces.size;
      namespaces.set(namespace, id);
      out.byte(NAMESPACE);
      out.int32(id);
      out.string(namespace, 'int32');
    }
    return id;
  };
  const qname = (iri: string): void => {
    const [namespace, local] = splitIri(iri);
    const id = namespaceId(namespace);
    out.byte(QNAME);
    out.int32(id);
    out.string(local, 'int32');
  };
  const value = (term: Term): void => {
    switch (term.termType) {
      case 'NamedNode':
        return qname(term.value);
      case 'BlankNode':
        out.byte(BNODE);
        return out.string(term.value, 'int32');
      case 'Literal':
        if (term.language) {
          out.byte(LANG_LITERAL);
          out.string(term.value, 'int32');
          return out.string(term.language, 'int32');
        }
        namespaceId(splitIri(term.datatype.value)[0]);
        out.byte(DATATYPE_LITERAL);
        out.string(term.value, 'int32');
        return qname(term.datatype.value);
      case 'Quad':
        out.byte(TRIPLE);
        value(term.subject);
        value(term.predicate);
        return value(term.object);
      default:
        throw new TypeError(`a ${term.termType} cannot appear in query results`);
    }
  };

  return {
    solution(values: Solution) {
      if (values.every((v) => v === undefined)) out.byte(EMPTY_ROW);
      else {
        for (let i = 0; i < variables.length; i++) {
          const term = values[i];
          if (term === undefined) out.byte(NULL);
          else if (previous[i]?.equals(term)) out.byte(REPEAT);
          else value(term);
        }
        previous = values;
      }
      out.flush();
    },
    end() {
      out.byte(TABLE_END);
      out.flush(true);
    },
  };
}

/** Reads one table; one record at a time, resuming at the record start when a chunk ends inside it. */
async function parseTuples(input: ByteSource, handler: TupleHandler): Promise<void> {
  const reader = new ByteReader();
  const table = new TableReader(reader, handler);
  for await (const chunk of byteChunks(input)) {
    if (reader.append(chunk) && table.readAvailable()) return;
  }
  throw new ParseError(table.started ? 'unexpected end of input before TABLE_END' : 'unexpected end of input in the header', NAME);
}

class TableReader {
  started = false;
  private version = VERSION;
  private width = 0;
  private readonly namespaces = new Map<number, string>();
  private row: (Term | undefined)[] = [];
  private previous: (Term | undefined)[] = [];

  constructor(
    private readonly reader: ByteReader,
    private readonly handler: TupleHandler,
  ) {}

  /** Reads every complete record now in the buffer; true once TABLE_END was read. */
  readAvailable(): boolean {
    return readBufferedRecords(this.reader, () => {
      if (this.started) return this.readRecord();
      this.readHeader();
      this.started = true;
      return false;
    });
  }


  private readHeader(): void {
    const magic = this.reader.slice(4);
    if (!magic.equals(MAGIC)) throw this.error('not a binary results table (no "BRTR" header)');
    this.version = this.reader.int32();
    if (this.version < 1 || this.version > VERSION) throw this.error(`unsupported format version ${this.version}`);
    if (this.version === 2) this.reader.byte(); // flags, unused
    this.width = this.reader.int32();
    const names: string[] = [];
    for (let i = 0; i < this.width; i++) names.push(this.string());
    this.handler.variables(names);
  }

  /** One record; true at TABLE_END. */
  private readRecord(): boolean {
    const marker = this.reader.byte();
    switch (marker) {
      case TABLE_END:
        if (this.row.length !== 0) throw this.error('table ends in the middle of a row');
        return true;
      case ERROR: {
        const kind = this.reader.byte();
        throw this.error(`the server reported ${kind === 1 ? 'a malformed query' : 'an evaluation error'}: ${this.string()}`);
      }
      case NAMESPACE:
        this.readNamespaceBody();
        return false;
      case EMPTY_ROW:
        this.handler.solution(new Array(this.width).fill(undefined));
        return false;
      case NULL:
        this.push(undefined);
        return false;
      case REPEAT:
        this.push(this.previous[this.row.length]);
        return false;
      default:
        this.push(this.value(marker));
        return false;
    }
  }

  private push(term: Term | undefined): void {
    this.row.push(term);
    if (this.row.length < this.width) return;
    this.handler.solution(this.row);
    this.previous = this.row;
    this.row = [];
  }

  private value(marker: number): Term {
    switch (marker) {
      case QNAME:
      case URI:
        return namedNode(this.iri(marker));
      case BNODE:
        return blankNode(this.string());
      case PLAIN_LITERAL:
        return literal(this.string());
      case LANG_LITERAL: {
        const label = this.string();
        return literal(label, this.string());
      }
      case DATATYPE_LITERAL: {
        const label = this.string();
        const next = this.valueMarker();
        if (next !== QNAME && next !== URI) throw this.error(`expected a datatype IRI record, found marker ${next}`);
        return literal(label, namedNode(this.iri(next)));
      }
      case TRIPLE: {
        const s = this.value(this.valueMarker());
        const p = this.value(this.valueMarker());
        const o = this.value(this.valueMarker());
        return quad(s as never, p as never, o as never);
      }
      default:
        throw this.error(`unknown record marker ${marker}`);
    }
  }

  /** The next value marker; NAMESPACE records may come first (the writer declares namespaces on first use). */
  private valueMarker(): number {
    let marker = this.reader.byte();
    while (marker === NAMESPACE) {
      this.readNamespaceBody();
      marker = this.reader.byte();
    }
    return marker;
  }

  private readNamespaceBody(): void {
    const id = this.reader.int32();
    this.namespaces.set(id, this.string());
  }

  private iri(marker: number): string {
    if (marker === URI) return this.string();
    const id = this.reader.int32();
    const namespace = this.namespaces.get(id);
    if (namespace === undefined) throw this.error(`undeclared namespace id ${id}`);
    return namespace + this.string();
  }

  private string(): string {
    const length = this.version === 1 ? this.reader.slice(2).readUInt16BE(0) : this.reader.int32();
    if (length < 0) throw this.error(`negative string length ${length}`);
    return this.reader.utf8(length);
  }

  private error(message: string): ParseError {
    return new ParseError(`${message} (byte ${this.reader.offset})`, NAME);
  }
}

export const binaryResults: TupleResultFormat = {
  kind: 'tuple',
  name: NAME,
  mediaTypes: ['application/x-binary-rdf-results-table'],
  extensions: ['brt'],
  binary: true,
  parse: parseTuples,
  writer: tupleWriter,
};
