import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lineChunks, prefixOf, resolveDataset, textChunks } from './data.ts';

const LINES = 5_000;
const text = Array.from({ length: LINES }, (_, i) => `<http://e/s${i}> <http://e/p> "${'x'.repeat(i % 300)}" .`).join('\n') + '\n';

t.test('line chunks end on line breaks and honour a prefix limit', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'd.nt.gz');
  writeFileSync(path, gzipSync(text));
  const dataset = resolveDataset(path, dir);
  let whole = '';
  for await (const chunk of textChunks(dataset)) {
    t.equal(chunk.at(-1), '\n');
    whole += chunk;
  }
  t.equal(whole, text, 'every byte, in order');
  let lines = 0;
  for await (const chunk of lineChunks(prefixOf(dataset, 1234))) for (const b of chunk) if (b === 0x0a) lines++;
  t.equal(lines, 1234);
});

t.test('a last line without a break still arrives, ended', async (t) => {
  const path = join(t.testdir(), 'd.nt');
  writeFileSync(path, '<a:s> <a:p> <a:o> .\n<a:s> <a:p> <a:q> .');
  let all = '';
  for await (const chunk of textChunks(resolveDataset(path))) all += chunk;
  t.equal(all, '<a:s> <a:p> <a:o> .\n<a:s> <a:p> <a:q> .\n');
});

t.test('an unknown dataset is named with the known ones', async (t) => {
  t.throws(() => resolveDataset('lubm99'), /no file .*known names: lubm1, lubm10, bsbm100k, bsbm1m/);
});
