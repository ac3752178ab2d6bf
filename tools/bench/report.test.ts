import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, ratio, table, writeSection } from './report.ts';

t.test('a suite section is added in suite order and replaced by the next run', async (t) => {
  const file = join(t.testdir({ 'B.md': '# Benchmarks\n\nintro\n' }), 'B.md');
  writeSection('query', 'lubm1', '## Query\nfirst', file);
  writeSection('load', 'lubm1', '## Load\nonly', file);
  writeSection('query', 'bsbm1m', '## Query BSBM', file);
  writeSection('query', 'lubm1', '## Query\nsecond', file);
  const text = readFileSync(file, 'utf8');
  t.ok(text.startsWith('# Benchmarks\n\nintro\n'), 'text outside the markers is kept');
  t.notMatch(text, /first/, 'the old query section is gone');
  t.equal(text.split('<!-- bench:query:lubm1:begin -->').length, 2, 'one query section for lubm1');
  t.match(text, /## Query BSBM/, 'the query section of another dataset stays');
  t.ok(text.indexOf('## Load') < text.indexOf('## Query'), 'load comes before query');
});

t.test('a missing file starts with the header', async (t) => {
  const file = join(t.testdir(), 'new.md');
  writeSection('http', 'bsbm100k', '## HTTP', file);
  t.match(readFileSync(file, 'utf8'), /^# Benchmarks\n[\s\S]*<!-- bench:http:bsbm100k:begin -->\n## HTTP\n<!-- bench:http:bsbm100k:end -->\n$/);
  writeFileSync(file, readFileSync(file, 'utf8') + 'a note after\n');
  writeSection('http', 'bsbm100k', '## HTTP again', file);
  t.match(readFileSync(file, 'utf8'), /## HTTP again\n<!-- bench:http:bsbm100k:end -->\na note after\n$/);
});

t.test('cells: figures, ratios and escaped pipes', async (t) => {
  t.equal(fmt(1234567.8), '1,234,568');
  t.equal(fmt(0.012345), '0.0123');
  t.equal(ratio(50, 200), '0.25×');
  t.equal(ratio(undefined, 3), '—');
  t.equal(ratio(3, 0), '—');
  t.equal(table(['a', 'b'], [['x|y', '1']]), '| a | b |\n| --- | ---: |\n| x\\|y | 1 |');
});
