/**
 * The route table of §2.1: each entry maps (method, path pattern) to a handler,
 * as a plain list. Patterns are `/`-separated; `:name` matches one (possibly
 * empty) decoded segment. A path that matches with the wrong method is a 405
 * listing the allowed ones; HEAD is served wherever GET is.
 */
import type { Exchange } from './exchange.ts';
import { methodNotAllowed, notFound, malformedParameter } from '../protocol/errors.ts';

export type Handler = (exchange: Exchange) => Promise<void>;

export interface Route {
  readonly methods: readonly string[];
  readonly path: string;
  readonly handler: Handler;
}

export const route = (methods: string | readonly string[], path: string, handler: Handler): Route => ({
  methods: typeof methods === 'string' ? [methods] : methods,
  path,
  handler,
});

interface Compiled extends Route {
  readonly segments: readonly string[];
}

export class Router {
  readonly #routes: Compiled[];

  constructor(routes: readonly Route[]) {
    this.#routes = routes.map((r) => ({ ...r, segments: r.path.split('/').slice(1) }));
  }

  /** The handler for the request, with path parameters set on the exchange; throws 404/405. */
  resolve(exchange: Exchange): Handler {
    const segments = splitPath(exchange.url.pathname);
    const allowed = new Set<string>();
    for (const candidate of this.#routes) {
      const params = match(candidate.segments, segments);
      if (params === undefined) continue;
      const methods = candidate.methods.includes('GET') ? [...candidate.methods, 'HEAD'] : candidate.methods;
      if (methods.includes(exchange.method)) {
        exchange.pathParams = params;
        return candidate.handler;
      }
      for (const m of methods) allowed.add(m);
    }
    if (allowed.size > 0) throw methodNotAllowed(exchange.method, [...allowed]);
    throw notFound(`no resource at ${exchange.url.pathname}`);
  }
}

function splitPath(pathname: string): string[] {
  return pathname
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw malformedParameter(`invalid percent-encoding in path segment ${segment}`);
      }
    });
}

function match(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = segments[i]!;
    else if (p !== segments[i]) return undefined;
  }
  return params;
}
