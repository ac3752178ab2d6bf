/**
 * The crash proof of the NativeStore (spec §2.3 NativeStore; forceSync): kill
 * a writer with SIGKILL at a random moment, then open the store and check that
 * it passes the integrity check and holds exactly the state after some
 * transaction k, with k at least the last one the writer saw committed.
 * Used by `crash.test.ts` (a few dozen kills) and `npm run soak:native`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { termKey } from '../../rdf/terms.ts';
import { checkStore } from './check.ts';
import { committedMarker, expectedAfter } from './crash.worker.ts';
import { NativeStore } from './store.ts';

const worker = fileURLToPath(new URL('./crash.worker.ts', import.meta.url));
export const MODES = ['small', 'bulk', 'reindex'] as const;

export interface CycleResult {
  readonly mode: string;
  readonly killedAfterMs: number;
  readonly lastReported: number;
  readonly found: number;
  readonly problems: readonly string[];
}

/** Runs the writer, kills it after `delayMs` of writing, and verifies what is left. */
export async function crashCycle(dir: string, mode: string, delayMs: number): Promise<CycleResult> {
  const lastReported = await runAndKill(dir, mode, delayMs);
  const problems = [...(await checkStore(dir)).problems];
  const store = new NativeStore({ dataDir: dir, keepStoredIndexes: true });
  await store.init();
  const conn = store.connection();
  const { k: found, mode: writtenBy } = committedMarker(conn);
  if (found < lastReported) problems.push(`transaction ${lastReported} was committed but the store holds only ${found}`);
  const expected = new Set(expectedAfter(found, writtenBy).map(keyOf));
  const actual = [...conn.match({})].map((ids) => ids.map((id) => termKey(conn.values.term(id))).join(' '));
  if (actual.length !== expected.size || actual.some((key) => !expected.has(key))) {
    problems.push(`after transaction ${found} the store holds ${actual.length} statements, expected ${expected.size}`);
  }
  conn.close();
  await store.shutdown();
  return { mode, killedAfterMs: delayMs, lastReported, found, problems };
}

function keyOf(quad: { subject: unknown; predicate: unknown; object: unknown; graph: unknown }): string {
  return [quad.subject, quad.predicate, quad.object, quad.graph].map((t) => termKey(t as never)).join(' ');
}

function runAndKill(dir: string, mode: string, delayMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dir, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let last = 0;
    let buffered = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [word, number] = line.split(' ');
        if (word === 'committed') last = Number(number);
        if (word === 'start') {
          last = Number(number);
          timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs);
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(last);
      else reject(new Error(`writer exited by itself (${signal ?? _code}): ${stderr.slice(-2000)}`));
    });
  });
}
