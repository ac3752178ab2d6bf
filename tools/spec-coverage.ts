/**
 * Spec coverage (spec/README.md): for every section and table row of
 * spec/sections.md, the conformance cases that cover it, found by scanning
 * `conformance/**` for `svc:covers "§…"` triples and `covers: §…` comments.
 * Exits non-zero when a row marked implemented has no case, or when a marker
 * names an id the catalogue does not have. `--write` refreshes the Cases column.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rdfFormatFor } from '../src/formats/registry.ts';
import { SVC_NS } from '../src/protocol/constants.ts';

export const SVC_COVERS = SVC_NS + 'covers';
const ID = /§\d+(?:\.\d+)*(?:\/[^\s,|`]+)?/g;
const COMMENT_MARKER = /^\s*(?:\/\/|#|\*|<!--)\s*covers:\s*(.*)$/;
const SECTION_HEADING = /^#{2,4} (§\d+(?:\.\d+)*) (.*)$/;
const ROW = /^\| `(§[^`]+)` \| (.*) \| (implemented|planned) \|(.*)\|$/;

export type Status = 'implemented' | 'planned';
export interface Row { readonly id: string; readonly requirement: string; readonly status: Status; readonly line: number }
export interface Section { readonly id: string; readonly title: string; readonly rows: Row[] }
export interface Marker { readonly id: string; readonly caseId: string }

export interface Coverage {
  readonly sections: readonly Section[];
  /** Cases per section or row id. */
  readonly cases: ReadonlyMap<string, readonly string[]>;
  readonly uncoveredImplemented: readonly Row[];
  readonly unknownIds: readonly Marker[];
  readonly catalogueErrors: readonly string[];
}

export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
}

/** The sections and rows of sections.md; duplicate ids and rows outside a section are errors. */
export function parseCatalogue(markdown: string): { sections: Section[]; errors: string[] } {
  const sections: Section[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const claim = (id: string, line: number) => {
    if (seen.has(id)) errors.push(`line ${line}: duplicate id ${id}`);
    seen.add(id);
  };
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    const heading = SECTION_HEADING.exec(text);
    if (heading) {
      claim(heading[1]!, line);
      sections.push({ id: heading[1]!, title: heading[2]!, rows: [] });
      return;
    }
    const row = ROW.exec(text);
    if (!row) {
      if (text.startsWith('| `§')) errors.push(`line ${line}: malformed row (status must be implemented or planned)`);
      return;
    }
    const section = sections.at(-1);
    const id = row[1]!;
    if (!section || !id.startsWith(section.id + '/')) errors.push(`line ${line}: row ${id} is not under its section ${section?.id ?? '(none)'}`);
    claim(id, line);
    section?.rows.push({ id, requirement: row[2]!, status: row[3] as Status, line });
  });
  return { sections, errors };
}

/** Markers in one file: `covers:` comments everywhere, `svc:covers` triples in Turtle. */
export async function markersIn(file: string, text: string, caseBase: string): Promise<Marker[]> {
  const markers: Marker[] = [];
  text.split('\n').forEach((line, index) => {
    const comment = COMMENT_MARKER.exec(line);
    for (const id of comment?.[1]?.match(ID) ?? []) markers.push({ id, caseId: `${caseBase}:${index + 1}` });
  });
  if (file.endsWith('.ttl') && (text.includes('svc:covers') || text.includes(SVC_COVERS))) {
    markers.push(...(await turtleMarkers(text, caseBase)));
  }
  return markers;
}

/** Relative IRIs in a case file resolve against this stand-in, so case ids read `conformance/x.ttl#name` on any machine. */
const CASE_BASE = 'https://cases.invalid/';

async function turtleMarkers(text: string, relativePath: string): Promise<Marker[]> {
  const baseIRI = CASE_BASE + relativePath;
  const turtle = rdfFormatFor('ttl');
  if (!turtle) throw new CatalogueError('no Turtle parser registered');
  const markers: Marker[] = [];
  await turtle.parse([text], {
    quad: (q) => {
      if (q.predicate.value !== SVC_COVERS) return;
      const caseId = q.subject.value.startsWith(CASE_BASE) ? q.subject.value.slice(CASE_BASE.length) : q.subject.value;
      for (const id of q.object.value.match(ID) ?? []) markers.push({ id, caseId });
    },
  }, { baseIRI });
  return markers;
}

/** All markers under `dir`, case ids relative to `root`. */
export async function scanMarkers(root: string, dir: string): Promise<Marker[]> {
  const markers: Marker[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.includes('node_modules/')) continue;
    markers.push(...(await markersIn(file, await readFile(file, 'utf8'), relative)));
  }
  return markers;
}

export function computeCoverage(markdown: string, markers: readonly Marker[]): Coverage {
  const { sections, errors } = parseCatalogue(markdown);
  const cases = new Map<string, string[]>();
  for (const section of sections) {
    cases.set(section.id, []);
    for (const row of section.rows) cases.set(row.id, []);
  }
  const unknownIds: Marker[] = [];
  for (const marker of markers) {
    const list = cases.get(marker.id);
    if (!list) unknownIds.push(marker);
    else if (!list.includes(marker.caseId)) list.push(marker.caseId);
  }
  for (const section of sections) {
    const own = cases.get(section.id)!;
    for (const row of section.rows) for (const c of cases.get(row.id)!) if (!own.includes(c)) own.push(c);
  }
  const uncoveredImplemented = sections.flatMap((s) => s.rows).filter((r) => r.status === 'implemented' && cases.get(r.id)!.length === 0);
  return { sections, cases, uncoveredImplemented, unknownIds, catalogueErrors: errors };
}

export function failed(coverage: Coverage): boolean {
  return coverage.uncoveredImplemented.length > 0 || coverage.unknownIds.length > 0 || coverage.catalogueErrors.length > 0;
}

export function formatReport(coverage: Coverage): string {
  const out: string[] = [];
  const list = (id: string) => coverage.cases.get(id)!.join(', ') || '(none)';
  for (const section of coverage.sections) {
    out.push(`${section.id} ${section.title}: ${coverage.cases.get(section.id)!.length} case(s)`);
    for (const row of section.rows) out.push(`  ${row.id} [${row.status}] ${list(row.id)}`);
  }
  const rows = coverage.sections.flatMap((s) => s.rows);
  const implemented = rows.filter((r) => r.status === 'implemented');
  out.push('', `${rows.length} rows: ${implemented.length} implemented, ${rows.filter((r) => coverage.cases.get(r.id)!.length > 0).length} covered`);
  for (const row of coverage.uncoveredImplemented) out.push(`ERROR ${row.id} is implemented but no conformance case covers it (sections.md line ${row.line})`);
  for (const marker of coverage.unknownIds) out.push(`ERROR ${marker.caseId} covers ${marker.id}, which is not in spec/sections.md`);
  for (const error of coverage.catalogueErrors) out.push(`ERROR sections.md ${error}`);
  return out.join('\n');
}

/** sections.md with each row's Cases column set from the scan. */
export function withCases(markdown: string, coverage: Coverage): string {
  return markdown.split('\n').map((text) => {
    const row = ROW.exec(text);
    if (!row) return text;
    const cases = (coverage.cases.get(row[1]!) ?? []).join(', ');
    return `| \`${row[1]}\` | ${row[2]} | ${row[3]} | ${cases}${cases ? ' ' : ''}|`;
  }).join('\n');
}

export async function main(args: readonly string[], root = path.resolve(fileURLToPath(import.meta.url), '../..')): Promise<number> {
  const cataloguePath = path.join(root, 'spec', 'sections.md');
  const markdown = await readFile(cataloguePath, 'utf8');
  const coverage = computeCoverage(markdown, await scanMarkers(root, path.join(root, 'conformance')));
  console.log(formatReport(coverage));
  if (args.includes('--write')) await writeFile(cataloguePath, withCases(markdown, coverage), 'utf8');
  return failed(coverage) ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
