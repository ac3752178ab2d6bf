/**
 * The repository manager (spec §2.1 "Repository list", §2.3, §4.2, §4.4;
 * decisions.md "Repositories"; rdf4j-facts §9): the repositories of a data
 * directory, each in `<dataDir>/repositories/<id>/` with its `config.ttl` and
 * the store's files beside it.
 *
 * - At open every repository loads; a broken one is recorded in `problems` and
 *   skipped, so the others still serve.
 * - A data directory with no repositories gets a ready `default` repository.
 * - Configs are written to `config.ttl.part` and renamed, so a crash never
 *   leaves a half-written config.
 * - `create`, `update` and `remove` of one id run one after the other (`exclusively`).
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Quad } from '../rdf/terms.ts';
import type { Repository } from './api.ts';
import { readConfigDocument, writeConfigTurtle } from './config/document.ts';
import { RepositoryConfigError } from './config/errors.ts';
import { isSafeRepositoryId, parseRepositoryConfig } from './config/parse.ts';
import { serializeRepositoryConfig } from './config/serialize.ts';
import type { RepositoryConfig } from './config/types.ts';
import { instantiate, type RepositoryEnvironment } from './kinds/factory.ts';

/** A row of `GET /repositories` (spec §2.2 "Repository list row"). */
export interface RepositoryInfo {
  readonly id: string;
  /** `rdfs:label`; empty when the configuration has none. */
  readonly title: string;
  readonly readable: true;
  readonly writable: boolean;
}

/** A repository that could not be loaded at open. */
export interface RepositoryProblem {
  readonly id: string;
  readonly error: Error;
}

export interface RepositoryManagerOptions extends RepositoryEnvironment {
  /** Create the `default` repository when the data directory holds none (default true). */
  readonly createDefault?: boolean;
}

/** `PUT /repositories/<id>` for an id that exists (409). */
export class RepositoryExistsError extends Error {
  override readonly name = 'RepositoryExistsError';
  constructor(readonly id: string) {
    super(`repository ${JSON.stringify(id)} already exists`);
  }
}

/** An operation on a repository id that does not exist (404 `Unknown repository: <id>`). */
export class UnknownRepositoryError extends Error {
  override readonly name = 'UnknownRepositoryError';
  constructor(readonly id: string) {
    super(`Unknown repository: ${id}`);
  }
}

/** The repository a fresh data directory gets (decisions.md "Repositories"). */
export const DEFAULT_REPOSITORY: RepositoryConfig = {
  id: 'default',
  title: 'Default repository',
  impl: { type: 'SailRepository', sail: { type: 'MemoryStore', persist: true } },
};

const CONFIG_FILE = 'config.ttl';

interface Loaded {
  readonly config: RepositoryConfig;
  readonly repository: Repository;
}

export class RepositoryManager {
  private readonly loaded = new Map<string, Loaded>();
  private readonly queues = new Map<string, Promise<void>>();
  readonly problems: RepositoryProblem[] = [];
  /** Non-fatal findings while reading configs (a legacy and a unified value that disagree). */
  readonly warnings: string[] = [];

  private constructor(
    readonly dataDir: string,
    private readonly environment: RepositoryEnvironment,
  ) {}

  static async open(dataDir: string, options: RepositoryManagerOptions = {}): Promise<RepositoryManager> {
    const manager = new RepositoryManager(dataDir, options.fetchPolicy ? { fetchPolicy: options.fetchPolicy } : {});
    await mkdir(manager.root, { recursive: true });
    const ids = (await readdir(manager.root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const id of ids.sort()) await manager.load(id);
    if (ids.length === 0 && options.createDefault !== false) await manager.createDefault();
    return manager;
  }

  /** The `default` repository of a fresh data directory; if it cannot start, that is a problem, not a crash. */
  private async createDefault(): Promise<void> {
    try {
      await this.create(DEFAULT_REPOSITORY.id, serializeRepositoryConfig(DEFAULT_REPOSITORY));
    } catch (e) {
      this.problems.push({ id: DEFAULT_REPOSITORY.id, error: e instanceof Error ? e : new Error(String(e)) });
    }
  }

  list(): RepositoryInfo[] {
    return [...this.loaded.values()].map(({ config, repository }) => ({
      id: config.id,
      title: config.title ?? '',
      readable: true,
      writable: repository.writable,
    }));
  }

  get(id: string): Repository | undefined {
    return this.loaded.get(id)?.repository;
  }

  /** Creates a repository from a configuration document whose `config:rep.id` must equal `id`. */
  async create(id: string, configQuads: Iterable<Quad>): Promise<void> {
    const config = this.parseFor(id, configQuads);
    await this.exclusively(id, async () => {
      if (this.loaded.has(id) || (await exists(this.dir(id)))) throw new RepositoryExistsError(id);
      const repository = instantiate(config, this.dir(id), this.environment);
      await mkdir(this.dir(id), { recursive: true });
      try {
        await this.writeConfig(config);
        await repository.init();
      } catch (e) {
        await rm(this.dir(id), { recursive: true, force: true });
        throw e;
      }
      this.loaded.set(id, { config, repository });
    });
  }

  /** Replaces the configuration of an existing repository (`POST …/config`); its data directory stays. */
  async update(id: string, configQuads: Iterable<Quad>): Promise<void> {
    const config = this.parseFor(id, configQuads);
    await this.exclusively(id, async () => {
      const old = this.loaded.get(id);
      if (old === undefined) throw new UnknownRepositoryError(id);
      const repository = instantiate(config, this.dir(id), this.environment);
      await old.repository.shutdown();
      this.loaded.delete(id);
      try {
        await repository.init();
      } catch (e) {
        // The new configuration does not start: keep serving the old one.
        const restored = instantiate(old.config, this.dir(id), this.environment);
        await restored.init();
        this.loaded.set(id, { config: old.config, repository: restored });
        throw e;
      }
      await this.writeConfig(config);
      this.loaded.set(id, { config, repository });
    });
  }

  /** The configuration in the unified vocabulary (`GET …/config`). */
  config(id: string): Quad[] {
    const loaded = this.loaded.get(id);
    if (loaded === undefined) throw new UnknownRepositoryError(id);
    return serializeRepositoryConfig(loaded.config);
  }

  /** Shuts the repository down and deletes its directory, data included. False when there was none. */
  async remove(id: string): Promise<boolean> {
    if (!isSafeRepositoryId(id)) return false;
    return this.exclusively(id, async () => {
      const loaded = this.loaded.get(id);
      const onDisk = await exists(this.dir(id));
      if (loaded === undefined && !onDisk) return false;
      this.loaded.delete(id);
      await loaded?.repository.shutdown();
      await rm(this.dir(id), { recursive: true, force: true });
      this.problems.splice(0, this.problems.length, ...this.problems.filter((p) => p.id !== id));
      return true;
    });
  }

  async shutdown(): Promise<void> {
    const all = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.all(all.map(({ repository }) => repository.shutdown()));
  }

  private get root(): string {
    return join(this.dataDir, 'repositories');
  }

  private dir(id: string): string {
    return join(this.root, id);
  }

  /** Loads one repository directory at open; a failure becomes a problem, not an exception. */
  private async load(id: string): Promise<void> {
    try {
      const text = await readFile(join(this.dir(id), CONFIG_FILE)).catch(() => {
        throw new RepositoryConfigError(`repositories/${id} has no readable ${CONFIG_FILE}`);
      });
      const quads = await readConfigDocument(text);
      const { config, warnings } = parseRepositoryConfig(quads);
      if (config.id !== id) throw new RepositoryConfigError(`config:rep.id is ${JSON.stringify(config.id)} but the directory is ${JSON.stringify(id)}`, 'config:rep.id');
      this.warnings.push(...warnings.map((w) => `${id}: ${w}`));
      const repository = instantiate(config, this.dir(id), this.environment);
      await repository.init();
      this.loaded.set(id, { config, repository });
    } catch (e) {
      this.problems.push({ id, error: e instanceof Error ? e : new Error(String(e)) });
    }
  }

  private parseFor(id: string, configQuads: Iterable<Quad>): RepositoryConfig {
    const { config, warnings } = parseRepositoryConfig(configQuads);
    if (config.id !== id) {
      throw new RepositoryConfigError(`config:rep.id ${JSON.stringify(config.id)} does not match the repository id ${JSON.stringify(id)} of the request`, 'config:rep.id');
    }
    this.warnings.push(...warnings.map((w) => `${id}: ${w}`));
    return config;
  }

  private async writeConfig(config: RepositoryConfig): Promise<void> {
    const file = join(this.dir(config.id), CONFIG_FILE);
    await writeFile(file + '.part', writeConfigTurtle(serializeRepositoryConfig(config)));
    await rename(file + '.part', file);
  }

  /** Runs `work` after every earlier create/update/remove of the same id has finished. */
  private exclusively<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return result;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
