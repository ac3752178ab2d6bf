/**
 * Keeps the harness from rotting: the query and load suites run end to end on
 * a tiny generated dataset with one peer (oxigraph), and their sections land in
 * a scratch copy of BENCHMARKS.md — replaced, not appended, on a second run.
 */
import t from 'tap';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { main } from './main.ts';

const PEOPLE = 30;
const EX = 'http://example.org/';

/** PEOPLE people, every third one a student; each knows the next. */
function tinyDataset(dir: string): { data: string; queries: string } {
  const lines: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    lines.push(`<${EX}p${i}> <${EX}type> <${EX}${i % 3 === 0 ? 'Student' : 'Person'}> .`);
    lines.push(`<${EX}p${i}> <${EX}knows> <${EX}p${(i + 1) % PEOPLE}> .`);
  }
  const data = join(dir, 'tiny.nt.gz');
  writeFileSync(data, gzipSync(lines.join('\n') + '\n'));
  const queries = join(dir, 'queries');
  mkdirSync(queries);
  writeFileSync(join(queries, 'q01.rq'), `SELECT ?s WHERE { ?s <${EX}type> <${EX}Student> }`);
  writeFileSync(join(queries, 'q02.rq'), `SELECT ?a ?c WHERE { ?a <${EX}knows> ?b . ?b <${EX}knows> ?c }`);
  return { data, queries };
}

t.test('query and load suites run on a tiny dataset and replace their sections', async (t) => {
  const dir = t.testdir();
  const { data, queries } = tinyDataset(dir);
  const out = join(dir, 'BENCHMARKS.md');
  const args = ['--data', data, '--queries', queries, '--runs', '2', '--timeout', '30', '--out', out];

  t.equal(await main(['query', ...args, '--engines', 'oxigraph,n3']), 0);
  const afterQuery = readFileSync(out, 'utf8');
  t.match(afterQuery, /<!-- bench:query:tiny:begin -->[\s\S]*<!-- bench:query:tiny:end -->/);
  t.match(afterQuery, new RegExp(`\\| q01 \\| ${PEOPLE / 3} \\| [0-9.]+ \\(`), 'q01 counts the students');
  t.match(afterQuery, new RegExp(`\\| q02 \\| ${PEOPLE} \\| [0-9.]+ \\(`), 'q02 counts the two-step paths');
  t.match(afterQuery, /n3: N3.Store has no SPARQL engine/, 'an engine without SPARQL is named with its reason');

  t.equal(await main(['load', ...args, '--engines', 'oxigraph']), 0);
  t.equal(await main(['load', ...args, '--engines', 'oxigraph']), 0);
  const text = readFileSync(out, 'utf8');
  t.equal(text.split('<!-- bench:load:tiny:begin -->').length, 2, 'a second load run replaced its section');
  t.ok(text.indexOf('bench:load:tiny:begin') < text.indexOf('bench:query:tiny:begin'), 'sections stay in suite order');
  t.match(text, new RegExp(`\\| oxigraph \\| ${PEOPLE * 2} \\| `), 'oxigraph loaded every triple');
});

t.test('bad options are refused with a clear message', async (t) => {
  t.equal(await main(['query', '--engines', 'nosuch']), 2);
  t.equal(await main(['nosuchsuite']), 2);
});
