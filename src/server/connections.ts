/**
 * Connections for requests outside a transaction (§4): reads use a plain
 * connection; every write runs in its own transaction (auto-commit is begin +
 * commit, as the repository API asks), rolled back if anything fails.
 */
import type { Repository, RepositoryConnection } from '../repository/api.ts';
import { unknownRepository } from '../protocol/errors.ts';
import type { Exchange } from './exchange.ts';
import type { ServerContext } from './context.ts';

/** The repository named by the `:repo` path parameter (404 when unknown). */
export function repositoryOf(context: ServerContext, exchange: Exchange): Repository {
  const id = exchange.pathParams['repo'] ?? '';
  const repository = context.repositories.get(id);
  if (repository === undefined) throw unknownRepository(id);
  return repository;
}

export async function reading<T>(repository: Repository, work: (c: RepositoryConnection) => Promise<T>): Promise<T> {
  const connection = await repository.connection();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

export function writing<T>(repository: Repository, work: (c: RepositoryConnection) => Promise<T>): Promise<T> {
  return reading(repository, async (connection) => {
    await connection.begin();
    try {
      const result = await work(connection);
      await connection.commit();
      return result;
    } catch (e) {
      if (connection.active) await connection.rollback();
      throw e;
    }
  });
}

/** Runs `work` with an abort signal that fires after `ms` (none when undefined) with `reason`. */
export async function withTimeout<T>(ms: number | undefined, reason: () => Error, work: (signal?: AbortSignal) => Promise<T>): Promise<T> {
  if (ms === undefined) return work(undefined);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(reason()), ms);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
