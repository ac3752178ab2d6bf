import t from 'tap';
import { ByteBuffer, ByteReader, CHUNK_SIZE, forEachLine, TextBuffer, textChunks, Underflow } from './io.ts';

t.test('varints as RDF4J IOUtil.writeVarInt documents them', async (t) => {
  const cases: [number, number[]][] = [[0, [0x00]], [1, [0x01]], [42, [0x2a]], [421, [0xa5, 0x03]], [100000, [0xa0, 0x8d, 0x06]]];
  for (const [value, bytes] of cases) {
    const chunks: Uint8Array[] = [];
    const out = new ByteBuffer({ write: (c) => void chunks.push(c as Uint8Array) });
    out.varint(value);
    out.flush(true);
    t.same([...Buffer.concat(chunks)], bytes, String(value));
    const reader = new ByteReader();
    reader.append(Uint8Array.from(bytes));
    t.equal(reader.varint(), value);
  }
});

t.test('ByteReader throws Underflow past the received bytes and resumes after rewind', async (t) => {
  const reader = new ByteReader();
  reader.append(Uint8Array.from([0, 0]));
  reader.mark();
  t.throws(() => reader.int32(), Underflow);
  reader.rewind();
  reader.append(Uint8Array.from([1, 2]));
  t.equal(reader.int32(), 0x0102);
  t.equal(reader.offset, 4);
});

t.test('textChunks keeps characters split across byte chunks whole and drops a BOM', async (t) => {
  const bytes = Buffer.from('\uFEFFé😀x', 'utf8');
  const pieces = [...bytes].map((b) => Uint8Array.from([b]));
  let text = '';
  for await (const chunk of textChunks(pieces)) text += chunk;
  t.equal(text, 'é😀x');
});

t.test('forEachLine: LF and CRLF, a last line without a break, line numbers', async (t) => {
  const lines: [string, number][] = [];
  await forEachLine(['a\r', '\nb', 'c\n\nd'], (line, n) => void lines.push([line, n]));
  t.same(lines, [['a', 1], ['bc', 2], ['', 3], ['d', 4]]);
});

t.test('TextBuffer hands the sink chunks of about CHUNK_SIZE', async (t) => {
  const sizes: number[] = [];
  const out = new TextBuffer({ write: (c) => void sizes.push((c as string).length) });
  const pieces = 3 * (CHUNK_SIZE / 8); // 3 × 64 KiB / 8 pieces of 8 characters
  for (let i = 0; i < pieces; i++) out.push('01234567');
  out.flush();
  t.same(sizes, [CHUNK_SIZE, CHUNK_SIZE, CHUNK_SIZE]);
});
