/**
 * Typed configuration → repository object (spec §2.3 "Repository
 * implementations"): one case per `config:rep.type`. Wrappers build their
 * delegate through the same function, sharing the repository's data directory.
 */
import type { FetchPolicy } from '../../net/fetchPolicy.ts';
import type { Repository } from '../api.ts';
import type { RepositoryConfig, RepositoryImplConfig } from '../config/types.ts';
import { ContextAwareRepository } from './contextAware.ts';
import { DatasetRepository } from './dataset.ts';
import { HTTPRepository } from './http.ts';
import { SailRepository } from './sail.ts';
import { SPARQLRepository } from './sparql.ts';

/** What repositories get from the server beyond their configuration. */
export interface RepositoryEnvironment {
  /** Where SPARQL Update LOAD and the DatasetRepository may fetch from (the fetch module's default when absent). */
  readonly fetchPolicy?: FetchPolicy;
}

/** Builds (without initialising) the repository a configuration describes; its files live in `dataDir`. */
export function instantiate(config: RepositoryConfig, dataDir: string, environment: RepositoryEnvironment = {}): Repository {
  return build(config.impl, config.id, config.title ?? '', dataDir, environment);
}

function build(impl: RepositoryImplConfig, id: string, title: string, dataDir: string, environment: RepositoryEnvironment): Repository {
  const { fetchPolicy } = environment;
  switch (impl.type) {
    case 'SailRepository':
      return new SailRepository(id, title, impl, dataDir, fetchPolicy);
    case 'HTTPRepository':
      return new HTTPRepository(id, title, impl);
    case 'SPARQLRepository':
      return new SPARQLRepository(id, title, impl);
    case 'DatasetRepository':
      return new DatasetRepository(id, title, new SailRepository(id, title, impl.delegate, dataDir, fetchPolicy), fetchPolicy);
    case 'ContextAwareRepository':
      return new ContextAwareRepository(id, title, build(impl.delegate, id, title, dataDir, environment), impl);
  }
}
