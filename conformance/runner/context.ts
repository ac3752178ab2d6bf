/**
 * What a test run knows besides the test itself: where the files are, and,
 * in `--endpoint` mode, the server under test (w3c-suites.md §5; spec §2.1
 * paths are built from `endpoint` and `repository`). Passed explicitly to
 * every handler: the runner has no module-level state.
 */
import { MemoryStore } from '../../src/sail/memory/store.ts';
import type { Sail } from '../../src/sail/sail.ts';
import { SuiteFiles, w3cRoot } from './suite-files.ts';

/** `spec` checks only what the spec and the W3C protocols require; `svc` adds our decisions (decisions.md). */
export type Profile = 'spec' | 'svc';

export interface RunContext {
  readonly files: SuiteFiles;
  /** The server under test, for HTTP test types; absent when running in-process. */
  readonly endpoint?: URL;
  /** Repository id on that server (spec §2.1 `/repositories/<repo_id>`). */
  readonly repository?: string;
  readonly profile: Profile;
  /**
   * The store in-process suites run on: a fresh, initialised one per test (the
   * caller shuts it down). The same suites run over every store this way.
   */
  readonly openStore: () => Promise<Sail>;
}

/** The default store of in-process suites: a MemoryStore. */
export async function openMemoryStore(): Promise<Sail> {
  const store = new MemoryStore();
  await store.init();
  return store;
}

export function createContext(options: Partial<Omit<RunContext, 'files'>> & { files?: SuiteFiles } = {}): RunContext {
  return {
    files: options.files ?? new SuiteFiles(w3cRoot()),
    endpoint: options.endpoint,
    repository: options.repository,
    profile: options.profile ?? 'svc',
    openStore: options.openStore ?? openMemoryStore,
  };
}
