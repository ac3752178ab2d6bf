/**
 * When a persistent MemoryStore syncs (spec §2.3 `config:mem.persist`,
 * `config:mem.syncDelay`): with no delay (the default, rdf4j-facts §8.3) the
 * file is written inside each commit, before the commit becomes visible, so a
 * commit that returned is on disk and a failed write fails the commit. With a
 * delay, commits return at once and one write covers every commit of the
 * delay; a crash loses at most that window. Shutdown always syncs what is
 * pending. The file format and its crash safety are in `dataFile.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemoryValueStore } from '../values.ts';
import { readDataFile, writeDataFile, type DataFileRead } from './dataFile.ts';
import type { QuadSet } from './quadSet.ts';

export const DATA_FILE = 'memorystore.svc';

/** What persistence needs of its store. */
export interface PersistenceHost {
  readonly values: MemoryValueStore;
  readonly quads: QuadSet;
  readonly version: number;
  readonly namespaces: ReadonlyMap<string, string>;
  /** Fills the empty store from a data file. */
  restore(read: DataFileRead): void;
  /** Runs `work` between commits. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export class Persistence {
  readonly path: string;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(
    private readonly host: PersistenceHost,
    private readonly dataDir: string,
    private readonly syncDelay: number,
  ) {
    this.path = join(dataDir, DATA_FILE);
  }

  async load(): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    const read = await readDataFile(this.path);
    if (read) this.host.restore(read);
  }

  /** Called by a commit, under the commit lock, before `version` becomes visible. */
  async committed(version: number, namespaces: ReadonlyMap<string, string>): Promise<void> {
    if (this.syncDelay <= 0) return this.write(version, namespaces);
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      // A failed delayed sync stays pending: the next commit or the shutdown retries and reports it.
      void this.host.exclusive(() => this.syncPending()).catch(() => undefined);
    }, this.syncDelay);
  }

  /** Writes what is pending (called at shutdown, under the commit lock). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.syncPending();
  }

  private async syncPending(): Promise<void> {
    if (!this.dirty) return;
    await this.write(this.host.version, this.host.namespaces);
  }

  private async write(version: number, namespaces: ReadonlyMap<string, string>): Promise<void> {
    this.dirty = true;
    await writeDataFile(this.path, { keys: this.host.values.keys(), namespaces, table: this.host.quads.table, version });
    this.dirty = false;
  }
}
