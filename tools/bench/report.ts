/**
 * Output: Markdown tables on stdout and, unless `--no-write`, in
 * BENCHMARKS.md, where each suite and dataset owns one section between HTML
 * comment markers (`<!-- bench:query:lubm10:begin -->`) that the next run of
 * that suite on that dataset replaces; the other sections stay as they were.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './data.ts';

export const BENCHMARKS_FILE = join(REPO_ROOT, 'BENCHMARKS.md');
export const SUITE_ORDER = ['load', 'query', 'http', 'scale', 'formats'] as const;
export type SuiteName = (typeof SUITE_ORDER)[number];

export interface SuiteReport {
  readonly suite: SuiteName;
  /** The dataset the figures are for: with the suite, it names the section. */
  readonly data: string;
  readonly title: string;
  /** Tables and notes, without the heading or the run description. */
  readonly body: string;
}

/** Cores, memory, Node and kernel: the machine line of every section. */
export function machineLine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu.length} cores (${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, Linux ${release()}`;
}

/** The 1-minute load average: above the core count, other work competed with the run. */
export function loadLine(): string {
  return `1-min load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
}

export function renderSection(report: SuiteReport, command: string, started: Date, loadAtStart: string): string {
  return [
    `## ${report.title}`,
    '',
    `Command: \`${command}\`  `,
    `Machine: ${machineLine()}  `,
    `Date: ${started.toISOString().replace(/\.\d+Z$/, 'Z')}  `,
    `Contention: ${loadAtStart} at the start, ${loadLine()} at the end`,
    '',
    report.body.trim(),
  ].join('\n');
}

const HEADER = `# Benchmarks

svc measured side by side with its peers by \`tools/bench\`: every figure in a section comes from one run, with the
exact command, the machine and the date above its tables. Each section is replaced by the next run of its suite on
its dataset (\`npm run bench -- <load|query|http|scale|formats|all> --data <lubm1|lubm10|bsbm100k|bsbm1m> …\`;
\`npm run bench -- --help\` lists the options). Absolute figures vary between machines and runs, and this machine
is shared with other work (the "Contention" line gives the load average): compare the ratios measured in one run.
The peers' reference figures and how they were taken are in \`shared/notes/perf-anchors.md\`.

Peers: oxigraph (WASM, in memory), n3 (N3.Store, load only: no SPARQL), comunica (Comunica v4 over an N3.Store),
quadstore (on classic-level, queried through Comunica), jena-mem and jena-tdb2 (Apache Jena from Debian, when
installed), virtuoso (Virtuoso Open Source from Debian, when installed, over HTTP on loopback). svc runs in process
(\`svc\`: MemoryStore + SPARQL engine) and as its HTTP server (\`svc-http\`).
`;

/** Replaces (or adds, in suite order) the section of one suite on one dataset in BENCHMARKS.md. */
export function writeSection(suite: SuiteName, data: string, section: string, file = BENCHMARKS_FILE): void {
  const begin = `<!-- bench:${suite}:${data}:begin -->`;
  const end = `<!-- bench:${suite}:${data}:end -->`;
  const block = `${begin}\n${section.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) {
    text = text.slice(0, from) + block + text.slice(to + end.length);
  } else {
    text = insertInOrder(text, suite, block);
  }
  writeFileSync(file, text.endsWith('\n') ? text : text + '\n');
}

/** Puts a new section before the first section of a later suite, else at the end. */
function insertInOrder(text: string, suite: SuiteName, block: string): string {
  const later = SUITE_ORDER.slice(SUITE_ORDER.indexOf(suite) + 1)
    .map((s) => text.indexOf(`<!-- bench:${s}:`))
    .filter((at) => at >= 0);
  if (later.length === 0) return text.trimEnd() + '\n\n' + block + '\n';
  const at = Math.min(...later);
  return text.slice(0, at) + block + '\n\n' + text.slice(at);
}

/** A Markdown table; columns after the first are right-aligned (they hold figures). */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const align = headers.map((_, i) => (i === 0 ? '---' : '---:'));
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(align), ...rows.map(line)].join('\n');
}

/** 3 significant digits for small figures, thousands separators for large ones. */
export function fmt(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}

export function fmtBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : `${Math.round(bytes / 2 ** 20)} MiB`;
}

/** svc's figure over the peer's, as `0.52×`; which way is better is said in the column header. */
export function ratio(svc: number | undefined, peer: number | undefined): string {
  if (svc === undefined || peer === undefined || !Number.isFinite(svc) || !Number.isFinite(peer) || peer === 0) return '—';
  return `${fmt(svc / peer)}×`;
}
