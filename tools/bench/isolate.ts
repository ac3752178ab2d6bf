/**
 * The harness side of an engine worker (`worker.ts`): starts the process in
 * its own process group, sends one request at a time and bounds each by a
 * time limit. On a timeout the whole group is killed (the engine and anything
 * it spawned) and the handle reports every later request as failed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killGroup, removeFolder, trackFolder, trackGroup, untrackGroup } from './cleanup.ts';
import { REPO_ROOT, type DataSource } from './data.ts';
import type { EngineName } from './engine.ts';
import type { Failure, LoadReply, Reply, Request } from './protocol.ts';

const WORKER = join(REPO_ROOT, 'tools/bench/worker.ts');

/** The overall `--deadline`: every wait is cut to what is left of it. */
export class Deadline {
  private readonly end: number;
  constructor(seconds: number) {
    this.end = Date.now() + seconds * 1000;
  }
  remainingMs(): number {
    return Math.max(0, this.end - Date.now());
  }
  get passed(): boolean {
    return this.remainingMs() === 0;
  }
}

export type QueryOutcome = { ok: true; count: number; ms: number } | Failure;

export class EngineProcess {
  private dead: string | undefined;
  private readonly scratchDir: string;

  private constructor(
    readonly name: EngineName,
    private readonly child: ChildProcess,
    private readonly deadline: Deadline,
  ) {
    this.scratchDir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
    trackFolder(this.scratchDir);
    child.once('exit', (code, signal) => {
      this.dead ??= `worker exited (${signal ?? `code ${code}`})`;
      untrackGroup(child.pid!);
    });
  }

  /** Starts a worker and opens the engine in it; the failure says why it could not. */
  static async start(name: EngineName, timeoutMs: number, deadline: Deadline): Promise<EngineProcess | Failure> {
    const child = fork(WORKER, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx', '--expose-gc', '--max-old-space-size=8192'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    trackGroup(child.pid!);
    const handle = new EngineProcess(name, child, deadline);
    const reply = await handle.request({ op: 'open', engine: name, scratchDir: handle.scratchDir, timeoutMs }, Math.max(timeoutMs, 120_000));
    if (!reply.ok) {
      handle.kill();
      return reply;
    }
    return handle;
  }

  async load(source: DataSource): Promise<LoadReply | Failure> {
    const reply = await this.request({ op: 'load', source }, Infinity);
    return reply.ok ? (reply as LoadReply) : reply;
  }

  async query(sparql: string, timeoutMs: number): Promise<QueryOutcome> {
    const reply = await this.request({ op: 'query', sparql }, timeoutMs);
    return reply.ok ? (reply as QueryOutcome) : reply;
  }

  /** Asks the engine to close; kills the group if it does not within a few seconds. */
  async close(): Promise<void> {
    if (!this.dead) await this.request({ op: 'close' }, 10_000);
    this.kill();
  }

  private kill(): void {
    killGroup(this.child.pid!);
    removeFolder(this.scratchDir);
  }

  /** One request, bounded by `limitMs` and by the overall deadline. */
  private request(request: Request, limitMs: number): Promise<Reply> {
    if (this.dead) return Promise.resolve({ ok: false, kind: 'error', message: this.dead });
    const deadlineMs = this.deadline.remainingMs();
    const waitMs = Math.min(limitMs, deadlineMs, 2 ** 31 - 1);
    return new Promise((resolve) => {
      const finish = (reply: Reply) => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(reply);
      };
      const onMessage = (reply: Reply) => finish(reply);
      const onExit = () => finish({ ok: false, kind: 'error', message: this.dead ?? 'worker exited' });
      const timer = setTimeout(() => {
        const message = waitMs < limitMs ? 'overall deadline reached' : `timed out after ${Math.round(limitMs / 1000)} s`;
        this.dead = `stopped: ${message}`;
        this.kill();
        finish({ ok: false, kind: 'timeout', message });
      }, waitMs);
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(request);
    });
  }
}
