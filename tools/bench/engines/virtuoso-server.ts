import { EngineUnavailable, type Engine } from '../engine.ts';

export async function startVirtuoso(_scratchDir: string): Promise<Engine> {
  throw new EngineUnavailable('not measured yet');
}
