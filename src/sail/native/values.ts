/**
 * The NativeStore's value store (spec §2.3 NativeStore: `valueCacheSize`,
 * `valueIDCacheSize`): the on-disk term ↔ id dictionary.
 *
 * Files:
 *   values.dat  append-only records, one per id:
 *                 kind (uint8) · length (uint32 LE) · payload
 *               kinds: 1 IRI, 2 blank node, 3 simple literal (xsd:string),
 *                 4 language literal (payload: tag length uint8 · tag · lexical),
 *                 5 typed literal (payload: datatype id uint32 LE · lexical);
 *               text is UTF-8.
 *   values.idx  the byte offset of id n's record at n × 8 (uint48 LE in 8 bytes).
 * Lookup by term goes through a B-tree in pages.db keyed by
 * (53-bit hash of the term's N-Triples form, id): equal hashes are resolved by
 * reading the candidates.
 *
 * Ids are handed out at `intern` time and never reused. Values interned by a
 * transaction that rolls back stay as unreferenced records; values written
 * after the last commit record are cut off at open (`truncate`).
 */
import { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { df, termKey, type GroundTerm, type NamedNode, type Term } from '../../rdf/terms.ts';
import { DEFAULT_GRAPH, type Id, type ValueStore } from '../sail.ts';
import { BTree, type PageAllocator } from './btree.ts';
import { GenerationalCache } from './cache.ts';
import type { PageFile } from './pagefile.ts';

const IRI = 1;
const BNODE = 2;
const SIMPLE = 3;
const LANG = 4;
const TYPED = 5;
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/** cyrb53: a fast, well-mixed 53-bit string hash (public-domain algorithm). */
function hash53(text: string): [hi: number, lo: number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [(h2 & 0x1fffff) >>> 0, h1 >>> 0];
}

/** Hash-tree records: 53-bit hash (two uint32 BE) · id (uint32 BE), all key. */
export const HASH_RECORD_SIZE = 12;

const readId = (page: Buffer, offset: number): number => page.readUInt32BE(offset + 8);

export interface ValueFileState {
  readonly length: number;
  readonly count: number;
  readonly hashRoot: number;
}

export class NativeValueStore implements ValueStore {
  private readonly dataFd: number;
  private readonly indexFd: number;
  private readonly hashTree: BTree;
  private readonly byId: GenerationalCache<Id, Term>;
  private readonly byKey: GenerationalCache<string, Id>;
  private readonly byIri: GenerationalCache<string, Id>;
  /** Records appended since the last flush, not yet in the files. */
  private pendingData: Buffer[] = [];
  private readonly scratch = Buffer.alloc(256);
  private pendingBytes = 0;
  private readonly pendingTerms = new Map<Id, Term>();
  private dataLength: number;
  private flushedCount: number;
  count: number;
  hashRoot: number;

  constructor(
    dir: string,
    pages: PageFile,
    state: ValueFileState,
    private readonly allocator: () => PageAllocator,
    cacheSizes: { values: number; ids: number },
  ) {
    this.dataFd = openSync(join(dir, 'values.dat'), constants.O_RDWR | constants.O_CREAT);
    this.indexFd = openSync(join(dir, 'values.idx'), constants.O_RDWR | constants.O_CREAT);
    this.hashTree = new BTree(pages, HASH_RECORD_SIZE);
    this.byId = new GenerationalCache(cacheSizes.values);
    this.byKey = new GenerationalCache(cacheSizes.ids);
    this.byIri = new GenerationalCache(cacheSizes.ids);
    this.truncate(state);
    this.dataLength = state.length;
    this.count = this.flushedCount = state.count;
    this.hashRoot = state.hashRoot;
  }

  lookup(term: Term): Id | undefined {
    if (term.termType === 'DefaultGraph') return DEFAULT_GRAPH;
    if (term.termType !== 'NamedNode' && term.termType !== 'BlankNode' && term.termType !== 'Literal') return undefined;
    const cached = this.cached(term);
    if (cached !== undefined) return cached;
    const key = termKey(term);
    const [hi, lo] = hash53(key);
    for (const id of this.hashTree.range(this.hashRoot, this.hashKey(hi, lo, 0), this.hashKey(hi, lo, 0xffffffff), readId)) {
      if (termKey(this.term(id)) === key) {
        this.remember(term, id);
        return id;
      }
    }
    return undefined;
  }

  intern(term: GroundTerm): Id {
    const known = this.lookup(term);
    if (known !== undefined) return known;
    const datatypeId =
      term.termType === 'Literal' && !term.language && term.datatype.value !== XSD_STRING
        ? this.intern(term.datatype)
        : 0;
    const id = ++this.count;
    this.append(encodeTerm(term, datatypeId));
    this.pendingTerms.set(id, term);
    const [hi, lo] = hash53(termKey(term));
    this.hashRoot = this.hashTree.insert(this.hashRoot, this.hashKey(hi, lo, id), this.allocator());
    this.remember(term, id);
    return id;
  }

  /** IRIs, the most frequent terms, are cached by their text alone: no N-Triples string is built for a hit. */
  private cached(term: GroundTerm): Id | undefined {
    return term.termType === 'NamedNode' ? this.byIri.get(term.value) : this.byKey.get(termKey(term));
  }

  private remember(term: GroundTerm, id: Id): void {
    if (term.termType === 'NamedNode') this.byIri.set(term.value, id);
    else this.byKey.set(termKey(term), id);
  }

  term(id: Id): Term {
    if (id === DEFAULT_GRAPH) return df.defaultGraph();
    const term = this.byId.get(id) ?? this.pendingTerms.get(id) ?? this.read(id);
    this.byId.set(id, term);
    return term;
  }

  /** Writes appended records and their offsets to the files (the commit calls this before its record). */
  flush(): ValueFileState {
    if (this.pendingData.length > 0) {
      const data = Buffer.concat(this.pendingData);
      writeSync(this.dataFd, data, 0, data.length, this.dataLength);
      const offsets = Buffer.alloc((this.count - this.flushedCount) * 8);
      let offset = this.dataLength;
      for (let id = this.flushedCount + 1, at = 0; id <= this.count; id++, at += 8) {
        offsets.writeUIntLE(offset, at, 6);
        offset += 5 + data.readUInt32LE(offset - this.dataLength + 1);
      }
      writeSync(this.indexFd, offsets, 0, offsets.length, (this.flushedCount + 1) * 8);
      this.dataLength += data.length;
      this.flushedCount = this.count;
      this.pendingData = [];
      this.pendingBytes = 0;
      this.pendingTerms.clear();
    }
    return { length: this.dataLength, count: this.count, hashRoot: this.hashRoot };
  }

  sync(): void {
    fsyncSync(this.dataFd);
    fsyncSync(this.indexFd);
  }

  close(): void {
    closeSync(this.dataFd);
    closeSync(this.indexFd);
  }

  /** Cuts the files back to a commit record's lengths: bytes past them were never committed. */
  private truncate(state: ValueFileState): void {
    if (fstatSync(this.dataFd).size > state.length) ftruncateSync(this.dataFd, state.length);
    if (fstatSync(this.indexFd).size > (state.count + 1) * 8) ftruncateSync(this.indexFd, (state.count + 1) * 8);
  }

  private append(record: Buffer): void {
    this.pendingData.push(record);
    this.pendingBytes += record.length;
    // Bytes past the committed length are harmless until a commit record names them: write big batches early.
    if (this.pendingBytes > 4 << 20) this.flush();
  }

  /** Two reads per uncached value: its offset, then its record (one guess of 256 bytes covers most records). */
  private read(id: Id): Term {
    if (id < 1 || id > this.flushedCount) throw new RangeError(`unknown value id ${id}`);
    readSync(this.indexFd, this.scratch, 0, 8, id * 8);
    const offset = this.scratch.readUIntLE(0, 6);
    const got = readSync(this.dataFd, this.scratch, 0, this.scratch.length, offset);
    const length = this.scratch.readUInt32LE(1);
    if (5 + length <= got) return this.decode(this.scratch[0]!, this.scratch.subarray(5, 5 + length));
    const payload = Buffer.alloc(length);
    readSync(this.dataFd, payload, 0, length, offset + 5);
    return this.decode(this.scratch[0]!, payload);
  }

  private decode(kind: number, payload: Buffer): Term {
    switch (kind) {
      case IRI:
        return df.namedNode(payload.toString('utf8'));
      case BNODE:
        return df.blankNode(payload.toString('utf8'));
      case SIMPLE:
        return df.literal(payload.toString('utf8'));
      case LANG: {
        const tagLength = payload[0]!;
        return df.literal(payload.toString('utf8', 1 + tagLength), payload.toString('latin1', 1, 1 + tagLength));
      }
      case TYPED:
        return df.literal(payload.toString('utf8', 4), this.term(payload.readUInt32LE(0)) as NamedNode);
      default:
        throw new RangeError(`corrupt value record: kind ${kind}`);
    }
  }

  private hashKey(hi: number, lo: number, id: number): Buffer {
    const key = Buffer.allocUnsafe(12);
    key.writeUInt32BE(hi, 0);
    key.writeUInt32BE(lo, 4);
    key.writeUInt32BE(id, 8);
    return key;
  }
}

function encodeTerm(term: GroundTerm, datatypeId: number): Buffer {
  if (term.termType === 'NamedNode' || term.termType === 'BlankNode') {
    return record(term.termType === 'NamedNode' ? IRI : BNODE, Buffer.from(term.value, 'utf8'));
  }
  if (term.language) {
    const tag = Buffer.from(term.language, 'latin1');
    return record(LANG, Buffer.concat([Buffer.of(tag.length), tag, Buffer.from(term.value, 'utf8')]));
  }
  if (datatypeId === 0) return record(SIMPLE, Buffer.from(term.value, 'utf8'));
  const id = Buffer.alloc(4);
  id.writeUInt32LE(datatypeId, 0);
  return record(TYPED, Buffer.concat([id, Buffer.from(term.value, 'utf8')]));
}

function record(kind: number, payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + payload.length);
  out[0] = kind;
  out.writeUInt32LE(payload.length, 1);
  payload.copy(out, 5);
  return out;
}
