/**
 * Virtuoso Open Source (Debian's `virtuoso-opensource`), when installed: a
 * private instance on loopback ports, loaded with the bulk loader and queried
 * over its SPARQL endpoint. See `virtuoso-server.ts` for how it is run.
 */
import type { Engine, EngineContext } from '../engine.ts';
import { startVirtuoso } from './virtuoso-server.ts';

export async function open(ctx: EngineContext): Promise<Engine> {
  return startVirtuoso(ctx.scratchDir);
}
