/**
 * Round trips through every readable result format of spec §4.15 (and the
 * W3C CSV/TSV note): tuple results with IRIs, blank nodes, typed and language
 * literals, unbound values, empty results and zero variables; booleans.
 */
import t from 'tap';
import { blankNode, literal, namedNode, quad, type Term, termKey, XSD } from '../../rdf/terms.ts';
import type { BooleanResultFormat, Solution, TupleResultFormat } from '../format.ts';
import { BOOLEAN_FORMATS, TUPLE_FORMATS } from '../registry.ts';
import { inChunks } from '../testing.ts';

interface Table {
  name: string;
  variables: string[];
  rows: Solution[];
  /** Whether the table holds RDF-star triple terms (TSV and CSV have no way to read them back). */
  star?: boolean;
}

const ex = (local: string) => namedNode('http://example.org/' + local);

const TABLES: Table[] = [
  {
    name: 'terms of every kind, unbound values',
    variables: ['s', 'label', 'value', 'unbound'],
    rows: [
      [ex('a'), literal('Alice', 'en'), literal('42', namedNode(XSD + 'integer')), undefined],
      [blankNode('b0'), literal('plain'), literal('x y', ex('dt')), undefined],
      [ex('a'), literal('tab\there, newline\nthere, "quotes", back\\slash, cr\r'), blankNode('b0'), undefined],
      [undefined, literal('Ünïcödé 😀 𝄞'), undefined, undefined],
      [ex('a'), literal(''), literal('1.5', namedNode(XSD + 'decimal')), ex('z')],
      [undefined, undefined, undefined, undefined],
      [ex('a'), ex('a'), ex('a'), ex('a')],
    ],
  },
  { name: 'empty result', variables: ['x', 'y'], rows: [] },
  { name: 'zero variables, no rows', variables: [], rows: [] },
  { name: 'zero variables, one empty row', variables: [], rows: [[]] },
  {
    name: 'RDF-star triple terms',
    variables: ['t'],
    rows: [[quad(ex('s'), ex('p'), literal('o', 'en'))]],
    star: true,
  },
];

function writeTable(format: TupleResultFormat, table: Table): Buffer {
  const chunks: Buffer[] = [];
  const writer = format.writer!({ write: (c) => chunks.push(Buffer.from(c)) }, table.variables);
  for (const row of table.rows) writer.solution(row);
  writer.end();
  return Buffer.concat(chunks);
}

async function readTable(format: TupleResultFormat, bytes: Buffer, chunkSize: number): Promise<{ variables: string[]; rows: Solution[] }> {
  let variables: string[] = [];
  const rows: Solution[] = [];
  await format.parse!(chunkSize ? inChunks(bytes, chunkSize) : [bytes], {
    variables: (names) => void (variables = [...names]),
    solution: (values) => void rows.push([...values]),
  });
  return { variables, rows };
}

const keys = (rows: readonly Solution[]) => rows.map((row) => row.map((v: Term | undefined) => (v ? termKey(v) : null)));

let cases = 0;
for (const format of TUPLE_FORMATS.filter((f) => f.parse && f.writer)) {
  t.test(format.name, async (t) => {
    for (const table of TABLES) {
      if (table.star && format.mediaTypes[0] === 'text/tab-separated-values') continue;
      const bytes = writeTable(format, table);
      for (const chunkSize of [0, 5]) {
        const read = await readTable(format, bytes, chunkSize);
        cases++;
        t.same(read.variables, table.variables, `${table.name}: variables (chunks ${chunkSize})`);
        t.same(keys(read.rows), keys(table.rows), `${table.name}: rows (chunks ${chunkSize})`);
      }
    }
  });
}

for (const format of BOOLEAN_FORMATS) {
  t.test(format.name + ' (boolean)', async (t) => {
    for (const value of [true, false]) {
      const chunks: Buffer[] = [];
      (format as BooleanResultFormat).write!({ write: (c) => chunks.push(Buffer.from(c)) }, value);
      cases++;
      t.equal(await format.parse!([Buffer.concat(chunks)]), value, String(value));
    }
  });
}

t.teardown(() => console.log(`# result round-trip cases: ${cases}`));
