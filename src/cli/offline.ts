/**
 * The commands that work on a data directory while no server holds it:
 * `svc load` (bulk load with a progress bar), and `svc check` / `svc export`
 * for NativeStore directories (spec §2.3 NativeStore: verify a store, salvage a
 * damaged one).
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { rdfFormatFor } from '../formats/registry.ts';
import { RepositoryManager } from '../repository/manager.ts';
import { checkStore, exportStore } from '../sail/native/check.ts';
import type { Output } from './main.ts';

/** `svc load [--data-dir DIR] [--repository ID] FILE…`: all files in one transaction, all or nothing. */
export async function load(args: string[], io: Output): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string', default: './data' }, repository: { type: 'string', default: 'default' } },
  });
  if (positionals.length === 0) {
    io.err('svc load: name at least one RDF file (a .gz suffix is read through gunzip)');
    return 2;
  }
  const formats = positionals.map((file) => rdfFormatFor(basename(file).replace(/\.gz$/, '')));
  const unknown = positionals.filter((_, i) => !formats[i]);
  if (unknown.length > 0) {
    io.err(`svc load: no RDF format for ${unknown.join(', ')} (name files by their extension: .ttl, .nt, .nq, .trig, .rdf, .jsonld …)`);
    return 2;
  }
  const manager = await RepositoryManager.open(values['data-dir']);
  try {
    const repository = manager.get(values.repository);
    if (!repository) {
      io.err(`svc load: unknown repository ${values.repository} in ${values['data-dir']}`);
      return 1;
    }
    const connection = await repository.connection();
    await connection.begin();
    let statements = 0;
    const started = Date.now();
    try {
      for (const [i, file] of positionals.entries()) {
        const progress = new ProgressBar(file, statSync(file).size);
        const raw = createReadStream(file).on('data', (chunk) => progress.advance(chunk.length, statements));
        const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
        const handler = { quad: (quad: Parameters<typeof connection.add>[0]) => (connection.add(quad), statements++) };
        await formats[i]!.parse(input, handler, { baseIRI: pathToFileURL(file).href });
        progress.done(statements);
      }
      process.stderr.write('committing…\n');
      await connection.commit();
    } catch (error) {
      await connection.rollback();
      io.err(`svc load: nothing was loaded: ${(error as Error).message}`);
      return 1;
    } finally {
      await connection.close();
    }
    const seconds = (Date.now() - started) / 1000;
    io.out(`loaded ${statements} statements into ${values.repository} in ${seconds.toFixed(1)} s (${Math.round(statements / seconds)} statements/s)`);
    return 0;
  } finally {
    await manager.shutdown();
  }
}

/** `svc check DIR`: exit 0 when the NativeStore in DIR passes every check, 1 with the problems listed. */
export async function check(args: string[], io: Output): Promise<number> {
  const [dir] = args;
  if (!dir) {
    io.err('svc check: name a NativeStore directory (e.g. data/repositories/<id>)');
    return 2;
  }
  const report = await checkStore(dir);
  io.out(`${dir}: ${report.statements} statements, ${report.values} values, indexes ${report.indexes.join(', ')}`);
  for (const problem of report.problems) io.err(`problem: ${problem}`);
  io.out(report.problems.length === 0 ? 'ok' : `${report.problems.length} problems`);
  return report.problems.length === 0 ? 0 : 1;
}

/** `svc export DIR [--out FILE]`: every readable statement as N-Quads (stdout by default). */
export async function exportCommand(args: string[], io: Output): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string' } } });
  const [dir] = positionals;
  if (!dir) {
    io.err('svc export: name a NativeStore directory');
    return 2;
  }
  const file = values.out ? createWriteStream(values.out) : undefined;
  const writer = rdfFormatFor('nq')!.writer!(file ?? process.stdout);
  const { written, skipped } = await exportStore(dir, (quad) => writer.quad(quad));
  writer.end();
  if (file) await new Promise<void>((resolve) => file.end(() => resolve()));
  io.err(`exported ${written} statements${skipped > 0 ? `; ${skipped} could not be decoded and were skipped` : ''}`);
  return 0;
}

/** One line on stderr, redrawn at most four times a second: bytes read of the file, statements so far, rate. */
class ProgressBar {
  private read = 0;
  private drawn = 0;
  private readonly started = Date.now();

  constructor(
    private readonly name: string,
    private readonly total: number,
  ) {}

  advance(bytes: number, statements: number): void {
    this.read += bytes;
    if (Date.now() - this.drawn > 250) this.draw(statements);
  }

  done(statements: number): void {
    this.read = this.total;
    this.draw(statements);
    process.stderr.write('\n');
  }

  private draw(statements: number): void {
    this.drawn = Date.now();
    const fraction = this.total > 0 ? Math.min(1, this.read / this.total) : 1;
    const width = 30;
    const filled = Math.round(fraction * width);
    const rate = Math.round(statements / Math.max(0.001, (this.drawn - this.started) / 1000));
    const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
    process.stderr.write(`\r${basename(this.name)} [${bar}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${statements.toLocaleString('en')} statements  ${rate.toLocaleString('en')}/s`);
  }
}
