/**
 * `http` suite, on loopback only: (1) the cheap query `ASK {}` with
 * autocannon, 32 connections, against the bare Node ceiling server, svc's
 * server and Virtuoso; (2) the BSBM explore mix at 1 and 4 clients against
 * the servers holding BSBM data (the `--data` set when it is BSBM, else
 * bsbm100k). Every server is stopped at the end, also on failure.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { removeFolder, trackFolder, trackProcess, untrackProcess } from '../cleanup.ts';
import { readQueries, REPO_ROOT, resolveDataset, type Dataset } from '../data.ts';
import { EngineUnavailable, type Engine } from '../engine.ts';
import { open as openSvcHttp } from '../engines/svc-http.ts';
import { startVirtuoso } from '../engines/virtuoso.ts';
import type { RunContext } from '../measure.ts';
import { mixQueries, runMix, type MixResult } from '../mix.ts';
import type { Options } from '../options.ts';
import { fmt, ratio, table, type SuiteReport } from '../report.ts';
import type { Endpoint } from '../sparql-http.ts';

const CONNECTIONS = 32;
const CHEAP_QUERY = 'ASK {}';

interface Cheap {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly bad: number;
}

type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

export async function httpSuite(dataset: Dataset, options: Options, ctx: RunContext): Promise<SuiteReport> {
  const mixData = dataset.name.startsWith('bsbm') ? dataset : resolveDataset('bsbm100k');
  const mix = mixQueries(readQueries(mixData.queriesDir));
  const cheap = new Map<string, Result<Cheap>>();
  const mixes = new Map<string, Result<MixResult[]>>();

  cheap.set('bare Node http (ceiling)', await withCeiling((url) => hammer(url, options.durationS)));
  const servers: [string, (dir: string) => Promise<Engine>][] = [];
  if (options.engines.includes('svc-http') || options.engines.includes('svc')) servers.push(['svc-http', (dir) => openSvcHttp({ scratchDir: dir, timeoutMs: ctx.timeoutMs })]);
  if (options.engines.includes('virtuoso')) servers.push(['virtuoso', startVirtuoso]);
  for (const [name, start] of servers) {
    if (ctx.deadline.passed) break;
    process.stderr.write(`http: ${name}\n`);
    const outcome = await withServer(start, async (engine, endpoint) => {
      cheap.set(name, { ok: true, value: await hammer(queryUrl(endpoint, CHEAP_QUERY), options.durationS) });
      process.stderr.write(`http: ${name}: loading ${mixData.name} for the explore mix\n`);
      await engine.load(mixData);
      const results: MixResult[] = [];
      for (const clients of [1, 4]) results.push(await runMix(endpoint, mix, clients, options.mixS, ctx.timeoutMs));
      mixes.set(name, { ok: true, value: results });
    });
    if (!outcome.ok) {
      if (!cheap.has(name)) cheap.set(name, outcome);
      mixes.set(name, outcome);
    }
  }
  return { suite: 'http', data: mixData.name, title: `HTTP: cheap query and BSBM explore mix (${mixData.name})`, body: render(cheap, mixes, options, mixData) };
}

function queryUrl(endpoint: Endpoint, query: string): string {
  const url = new URL(endpoint.url);
  url.searchParams.set('query', query);
  return url.href;
}

async function hammer(url: string, seconds: number): Promise<Cheap> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { accept: 'application/sparql-results+json' } });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

/** Runs `body` against the ceiling server in its own process, stopping it afterwards. */
async function withCeiling(body: (url: string) => Promise<Cheap>): Promise<Result<Cheap>> {
  const server = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'tools/bench/servers/ceiling.ts')], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  trackProcess(server.pid!);
  try {
    const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
    const port = Number(/^listening (\d+)$/.exec(line)?.[1]);
    return { ok: true, value: await body(`http://127.0.0.1:${port}/sparql?query=${encodeURIComponent(CHEAP_QUERY)}`) };
  } catch (error) {
    return { ok: false, reason: `error: ${(error as Error).message}` };
  } finally {
    server.kill('SIGKILL');
    untrackProcess(server.pid!);
  }
}

/** Starts a server engine in a scratch folder, runs `body`, always stops it. */
async function withServer(start: (dir: string) => Promise<Engine>, body: (engine: Engine, endpoint: Endpoint) => Promise<void>): Promise<Result<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-http-'));
  trackFolder(dir);
  let engine: Engine | undefined;
  try {
    engine = await start(dir);
    if (!engine.endpoint) throw new Error(`${engine.name} has no HTTP endpoint`);
    await body(engine, engine.endpoint);
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, reason: error instanceof EngineUnavailable ? error.message : `error: ${(error as Error).message}` };
  } finally {
    await engine?.close();
    removeFolder(dir);
  }
}

function render(cheap: Map<string, Result<Cheap>>, mixes: Map<string, Result<MixResult[]>>, options: Options, mixData: Dataset): string {
  const svc = cheap.get('svc-http');
  const svcRate = svc?.ok ? svc.value.requestsPerSecond : undefined;
  const cheapRows = [...cheap].map(([name, r]) =>
    r.ok
      ? [name, fmt(r.value.requestsPerSecond), fmt(r.value.p50), fmt(r.value.p99), fmt(r.value.bad), name === 'svc-http' ? '' : ratio(svcRate, r.value.requestsPerSecond)]
      : [name, r.reason, '', '', '', ''],
  );
  const svcMix = mixes.get('svc-http');
  const mixRows = [...mixes].flatMap(([name, r]) =>
    r.ok
      ? r.value.map((m, i) => {
          const svcM = svcMix?.ok ? svcMix.value[i] : undefined;
          return [`${name}, ${m.clients} client${m.clients > 1 ? 's' : ''}`, fmt(m.mixes), fmt(m.qmph), fmt(m.queriesPerSecond), m.errors ? `${m.errors} (${m.firstError})` : '0', name === 'svc-http' ? '' : ratio(svcM?.qmph, m.qmph)];
        })
      : [[name, r.reason, '', '', '', '']],
  );
  return [
    `### Cheap query: \`${CHEAP_QUERY}\`, autocannon, ${CONNECTIONS} connections, ${options.durationS} s`,
    '',
    table(['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx + errors', 'svc/target req/s (>1: svc faster)'], cheapRows),
    '',
    'The ceiling is a bare Node `http` server answering a fixed SPARQL JSON result without parsing anything; load generator and servers share the cores.',
    '',
    `### BSBM explore mix over HTTP: ${mixData.name}, 25 queries per mix, ${options.mixS} s window after 2 warm-up mixes`,
    '',
    table(['server, clients', 'mixes', 'QMpH', 'queries/s', 'errors', 'svc/server QMpH (>1: svc faster)'], mixRows.length ? mixRows : [['(no server with an endpoint selected)', '', '', '', '', '']]),
    '',
    'QMpH = complete mixes in the window × 3600 / window seconds. One fixed instance per query template (not the official BSBM driver).',
  ].join('\n');
}
