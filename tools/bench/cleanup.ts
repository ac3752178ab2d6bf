/**
 * Everything the harness starts is stopped when it ends, normally or not
 * (error, SIGINT, SIGTERM): worker processes (each leads its own process
 * group, so the JVMs and servers it spawned go with it) and scratch folders.
 */
import { rmSync } from 'node:fs';

const groups = new Set<number>();
const servers = new Set<number>();
const folders = new Set<string>();
let installed = false;

/** Kills a whole process group (the leader and what it spawned); quiet if it is gone already. */
export function killGroup(pid: number): void {
  groups.delete(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already exited.
  }
}

export function trackGroup(pid: number): void {
  install();
  groups.add(pid);
}

export function untrackGroup(pid: number): void {
  groups.delete(pid);
}

/** A server process started without a group of its own; killed alone at the end. */
export function trackProcess(pid: number): void {
  install();
  servers.add(pid);
}

export function untrackProcess(pid: number): void {
  servers.delete(pid);
}

export function trackFolder(path: string): void {
  install();
  folders.add(path);
}

export function removeFolder(path: string): void {
  folders.delete(path);
  rmSync(path, { recursive: true, force: true });
}

/** Synchronous, so it also runs inside the 'exit' event. */
function stopAll(): void {
  for (const pid of [...servers]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already exited.
    }
  }
  for (const pid of [...groups]) killGroup(pid);
  for (const path of [...folders]) removeFolder(path);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping everything it started\n`);
      stopAll();
      process.exit(130);
    });
  }
}
