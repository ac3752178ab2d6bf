import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { computeCoverage, failed, formatReport, markersIn, parseCatalogue, scanMarkers, withCases } from './spec-coverage.ts';

const CATALOGUE = [
  '## §4 Endpoints',
  '| Row | Requirement | Status | Cases |',
  '|---|---|---|---|',
  '| `§4/accept` | Accept values. | planned | |',
  '### §4.13 PUT transaction',
  '| `§4.13/ADD` | Adds. | implemented | |',
  '| `§4.13/COMMIT` | Commits. | implemented | old-case |',
  '| `§4.13/GET` | Gets. | planned | |',
].join('\n');

t.test('parses sections and rows with their status', async (t) => {
  const { sections, errors } = parseCatalogue(CATALOGUE);
  t.same(errors, []);
  t.same(sections.map((s) => s.id), ['§4', '§4.13']);
  t.same(sections[1]!.rows.map((r) => [r.id, r.status]), [['§4.13/ADD', 'implemented'], ['§4.13/COMMIT', 'implemented'], ['§4.13/GET', 'planned']]);
});

t.test('catalogue errors: duplicate ids, bad status, a row under the wrong section', async (t) => {
  const bad = CATALOGUE + '\n| `§4.13/ADD` | Again. | planned | |\n| `§4.13/SIZE` | Size. | done | |\n| `§4.12/POST` | Begin. | planned | |';
  const { errors } = parseCatalogue(bad);
  t.match(errors, [/duplicate id §4.13\/ADD/, /malformed row/, /§4.12\/POST is not under its section §4.13/]);
});

t.test('finds covers comments (case = path:line) and svc:covers triples (case = test IRI, relative to the repository)', async (t) => {
  const ts = '// setup\n// covers: §4.13/ADD, §4.13/GET\nawait t.test("x")\n  # covers: §4\n';
  t.same(await markersIn('a.test.ts', ts, 'conformance/a.test.ts'), [
    { id: '§4.13/ADD', caseId: 'conformance/a.test.ts:2' },
    { id: '§4.13/GET', caseId: 'conformance/a.test.ts:2' },
    { id: '§4', caseId: 'conformance/a.test.ts:4' },
  ]);
  const ttl = '@prefix svc: <http://svc.org/schema/svc#> .\n<#add> svc:covers "§4.13/ADD", "§4.13/COMMIT" .\n<http://cases.example/m#get> svc:covers "§4.13/GET" .\n';
  t.same(await markersIn('/x/m.ttl', ttl, 'conformance/m.ttl'), [
    { id: '§4.13/ADD', caseId: 'conformance/m.ttl#add' },
    { id: '§4.13/COMMIT', caseId: 'conformance/m.ttl#add' },
    { id: '§4.13/GET', caseId: 'http://cases.example/m#get' },
  ]);
  t.same(await markersIn('/x/prose.ts', 'const note = "covers: §4.13/ADD";\n', 'p'), [], 'only comments count');
});

t.test('an implemented row without a case fails; unknown ids fail; sections gather their rows', async (t) => {
  const coverage = computeCoverage(CATALOGUE, [
    { id: '§4.13/COMMIT', caseId: 'case-1' },
    { id: '§4.13/GET', caseId: 'case-2' },
    { id: '§4.13/NOPE', caseId: 'case-3' },
  ]);
  t.same(coverage.uncoveredImplemented.map((r) => r.id), ['§4.13/ADD']);
  t.same(coverage.unknownIds, [{ id: '§4.13/NOPE', caseId: 'case-3' }]);
  t.same(coverage.cases.get('§4.13'), ['case-1', 'case-2']);
  t.ok(failed(coverage));
  t.match(formatReport(coverage), /ERROR §4.13\/ADD is implemented but no conformance case covers it/);
  t.match(withCases(CATALOGUE, coverage), /\| `§4.13\/COMMIT` \| Commits\. \| implemented \| case-1 \|/);
  t.notOk(failed(computeCoverage(CATALOGUE, [{ id: '§4.13/ADD', caseId: 'a' }, { id: '§4.13/COMMIT', caseId: 'b' }])));
});

t.test('the real catalogue: every implemented row is covered and every marker names a known id', async (t) => {
  const root = path.resolve(fileURLToPath(import.meta.url), '../..');
  const markdown = await readFile(path.join(root, 'spec', 'sections.md'), 'utf8');
  const coverage = computeCoverage(markdown, await scanMarkers(root, path.join(root, 'conformance')));
  t.ok(coverage.sections.length >= 20, 'all spec sections are catalogued');
  t.notOk(failed(coverage), formatReport(coverage).split('\n').filter((line) => line.startsWith('ERROR')).join('\n') || 'coverage ok');
});
