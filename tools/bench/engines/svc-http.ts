/**
 * svc's HTTP server (`bin/svc serve`), on a free loopback port with a scratch
 * data directory: loads by one streamed `POST /repositories/default/statements`
 * (N-Triples, spec §4.5) and queries through the SPARQL protocol endpoint
 * `/repositories/default` (§4.3). Memory figures are the server process's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lineChunks, REPO_ROOT, type DataSource } from '../data.ts';
import { trackProcess, untrackProcess } from '../cleanup.ts';
import { EngineUnavailable, type Engine, type EngineContext } from '../engine.ts';
import { countLines, Progress } from '../progress.ts';
import { countHttp, freePort, send, waitForHttp } from '../sparql-http.ts';

export const REPOSITORY = 'default';

/** A running `svc serve`, stopped by `stop()` (and with the worker's process group otherwise). */
export interface SvcServer {
  readonly origin: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `bin/svc serve` on 127.0.0.1; throws EngineUnavailable while the server has not landed. */
export async function startSvcServer(dataDir: string): Promise<SvcServer> {
  for (const part of ['src/cli/main.ts', 'src/server']) {
    if (!existsSync(join(REPO_ROOT, part))) throw new EngineUnavailable(`not available yet (${part} has not landed)`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/svc'), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  trackProcess(child.pid!);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    untrackProcess(child.pid!);
    exited = `svc serve exited (${signal ?? `code ${code}`}): ${stderr.trim().split('\n').pop() ?? ''}`;
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(new URL('/protocol', origin), 60_000, () => exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new EngineUnavailable(`not available yet (${(error as Error).message})`);
  }
  return {
    origin,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

export async function open(ctx: EngineContext): Promise<Engine> {
  const server = await startSvcServer(join(ctx.scratchDir, 'svc-data'));
  const endpoint = { url: `${server.origin}/repositories/${REPOSITORY}` };
  return {
    name: 'svc-http',
    dataPid: server.process.pid,
    endpoint,
    async load(source: DataSource) {
      const progress = new Progress('svc-http');
      async function* counted() {
        for await (const chunk of lineChunks(source)) {
          progress.add(countLines(chunk));
          yield chunk;
        }
      }
      await send('POST', new URL(`${endpoint.url}/statements`), 'application/n-triples', counted());
      return progress.total;
    },
    query: (sparql: string) => countHttp(endpoint, sparql),
    close: () => server.stop(),
  };
}
