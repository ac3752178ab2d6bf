/**
 * Virtuoso Open Source (Debian's `virtuoso-opensource`), when installed: a
 * private instance for the harness (perf-anchors.md §e):
 * Debian's `virtuoso.ini` with the database in the scratch folder, both ports
 * on 127.0.0.1 only, buffers sized for a few GB, 40 HTTP threads (so 32
 * connections do not queue), `ResultSetMaxRows` raised (the default 10,000
 * silently truncates LUBM q14) and no execution-time cap (no partial
 * "anytime" answers). Data is loaded with the bulk loader into one graph
 * that every query gets as `default-graph-uri`.
 */
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lineChunks, type DataSource } from '../data.ts';
import { trackProcess, untrackProcess } from '../cleanup.ts';
import { EngineUnavailable, type Engine, type EngineContext } from '../engine.ts';
import { countLines, Progress } from '../progress.ts';
import { countHttp, freePort, get, waitForHttp, type Endpoint } from '../sparql-http.ts';

const TEMPLATE = '/etc/virtuoso-opensource-7/virtuoso.ini';
const SERVER = '/usr/bin/virtuoso-t';
const ISQL = '/usr/bin/isql-vt';
const GRAPH = 'http://bench.local/data';
const run = promisify(execFile);

/** Sets `key = value` inside `[section]` of an ini text, adding the key when absent. */
export function setIni(text: string, section: string, key: string, value: string): string {
  const start = text.indexOf(`[${section}]`);
  if (start < 0) return `${text}\n[${section}]\n${key} = ${value}\n`;
  const next = text.indexOf('\n[', start + 1);
  const end = next < 0 ? text.length : next;
  const body = text.slice(start, end);
  const line = new RegExp(`^${key}\\s*=.*$`, 'm');
  const patched = line.test(body) ? body.replace(line, `${key} = ${value}`) : `${body.trimEnd()}\n${key} = ${value}\n`;
  return text.slice(0, start) + patched + text.slice(end);
}

function config(dir: string, sqlPort: number, httpPort: number): string {
  let ini = readFileSync(TEMPLATE, 'utf8');
  for (const [key, file] of [['DatabaseFile', 'virtuoso.db'], ['ErrorLogFile', 'virtuoso.log'], ['LockFile', 'virtuoso.lck'], ['TransactionFile', 'virtuoso.trx'], ['xa_persistent_file', 'virtuoso.pxa']]) {
    ini = setIni(ini, 'Database', key!, join(dir, file!));
  }
  ini = setIni(ini, 'TempDatabase', 'DatabaseFile', join(dir, 'virtuoso-temp.db'));
  ini = setIni(ini, 'TempDatabase', 'TransactionFile', join(dir, 'virtuoso-temp.trx'));
  const parameters: Record<string, string> = {
    ServerPort: `127.0.0.1:${sqlPort}`,
    DirsAllowed: `., ${dir}, /usr/share/virtuoso-opensource-7/vad`,
    NumberOfBuffers: '340000',
    MaxDirtyBuffers: '250000',
    ThreadsPerQuery: '2',
  };
  for (const [k, v] of Object.entries(parameters)) ini = setIni(ini, 'Parameters', k, v);
  const http: Record<string, string> = { ServerPort: `127.0.0.1:${httpPort}`, ServerThreads: '40', MaxClientConnections: '40', MaxKeepAlives: '40' };
  for (const [k, v] of Object.entries(http)) ini = setIni(ini, 'HTTPServer', k, v);
  ini = setIni(ini, 'SPARQL', 'ResultSetMaxRows', '1000000');
  ini = setIni(ini, 'SPARQL', 'MaxQueryExecutionTime', '0');
  return ini;
}

export interface VirtuosoServer {
  readonly endpoint: Endpoint;
  readonly pid: number;
  /** Runs SQL through `isql-vt` (the bulk loader's interface). */
  isql(sql: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts the private instance; throws EngineUnavailable when Virtuoso is not installed. */
export async function startVirtuosoServer(dir: string): Promise<VirtuosoServer> {
  for (const file of [SERVER, ISQL, TEMPLATE]) {
    if (!existsSync(file)) throw new EngineUnavailable(`not installed (Debian virtuoso-opensource; no ${file})`);
  }
  const [sqlPort, httpPort] = [await freePort(), await freePort()];
  const ini = join(dir, 'virtuoso.ini');
  writeFileSync(ini, config(dir, sqlPort, httpPort));
  const server = spawn(SERVER, ['+foreground', '+configfile', ini], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  trackProcess(server.pid!);
  let exited: string | undefined;
  server.once('exit', (code, signal) => {
    untrackProcess(server.pid!);
    exited = `virtuoso-t exited (${signal ?? `code ${code}`}); see ${join(dir, 'virtuoso.log')}`;
  });
  const origin = `http://127.0.0.1:${httpPort}`;
  await waitForHttp(new URL('/sparql?query=ASK%7B%7D', origin), 120_000, () => exited);
  return {
    endpoint: { url: `${origin}/sparql`, params: { 'default-graph-uri': GRAPH } },
    pid: server.pid!,
    isql: (sql: string) => run(ISQL, [`127.0.0.1:${sqlPort}`, 'dba', 'dba', `exec=${sql}`], { maxBuffer: 1 << 20 }),
    stop: async () => {
      if (exited) return;
      const gone = once(server, 'exit');
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export async function startVirtuoso(dir: string): Promise<Engine> {
  const server = await startVirtuosoServer(dir);
  return {
    name: 'virtuoso',
    dataPid: server.pid,
    endpoint: server.endpoint,
    async load(source: DataSource) {
      // The bulk loader reads files: the (possibly cut) source is written out first, inside the timed load.
      const progress = new Progress('virtuoso (writing the file for the bulk loader)');
      const file = createWriteStream(join(dir, 'data.nt'));
      for await (const chunk of lineChunks(source)) {
        if (!file.write(chunk)) await once(file, 'drain');
        progress.add(countLines(chunk));
      }
      file.end();
      await once(file, 'close');
      await server.isql(`ld_dir('${dir}', 'data.nt', '${GRAPH}'); rdf_loader_run(); checkpoint;`);
      const url = new URL(server.endpoint.url);
      url.searchParams.set('query', `SELECT (COUNT(*) AS ?n) FROM <${GRAPH}> WHERE { ?s ?p ?o }`);
      const json = JSON.parse(await get(url, 'application/sparql-results+json')) as { results: { bindings: { n: { value: string } }[] } };
      return Number(json.results.bindings[0]!.n.value);
    },
    query: (sparql: string) => countHttp(server.endpoint, sparql),
    close: () => server.stop(),
  };
}

export async function open(ctx: EngineContext): Promise<Engine> {
  return startVirtuoso(ctx.scratchDir);
}
