/**
 * Outbound fetches on a client's behalf (SPARQL 1.1 Update §3.1.4 LOAD, and
 * anything else that dereferences a user-supplied IRI), behind one policy:
 * which schemes and hosts may be reached, how long a fetch may take, and how
 * many bytes it may return. Server-side request forgery is the risk: by
 * default loopback and link-local addresses (127.0.0.0/8, ::1, 169.254.0.0/16,
 * fe80::/10, where cloud metadata services live) are refused, every other
 * host is allowed, and file: URLs are refused unless `fileRoots` allows them.
 *
 * Redirects are followed by hand so every hop is checked against the policy,
 * and host names are resolved first so a name pointing at a refused address
 * is refused too.
 */
import { lookup } from 'node:dns/promises';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FetchPolicy {
  /** When set, only these hosts (exact names, or `.example.org` for a domain and its subdomains) may be fetched. */
  readonly allowedHosts?: readonly string[];
  /** Hosts never fetched (same syntax), checked before `allowedHosts`. */
  readonly deniedHosts?: readonly string[];
  /** Allow loopback addresses (tests, local development). Default false. */
  readonly allowLoopback?: boolean;
  /** Allow link-local addresses. Default false. */
  readonly allowLinkLocal?: boolean;
  /** Directories under which file: URLs may be read; none by default. */
  readonly fileRoots?: readonly string[];
  /** Largest body accepted, in bytes. Default 256 MiB. */
  readonly maxBytes?: number;
  /** Whole-fetch time limit in milliseconds. Default 60 s. */
  readonly timeoutMs?: number;
  /** Redirect hops followed. Default 5. */
  readonly maxRedirects?: number;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = {};

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_REDIRECTS = 5;

/** The policy refused the URL, or the fetch failed (status, size, time). */
export class FetchError extends Error {
  override readonly name = 'FetchError';
}

export interface FetchedDocument {
  /** The URL after redirects: the base IRI for parsing. */
  readonly url: string;
  /** The media type without parameters, lowercased; undefined when the server sent none (or for files). */
  readonly mediaType?: string;
  /** The body, streamed and size-checked. */
  readonly body: AsyncIterable<Uint8Array>;
}

/** Fetches `url` under `policy`, sending `accept`; the caller's `signal` cancels it. */
export async function fetchDocument(
  url: string,
  accept: string,
  policy: FetchPolicy = DEFAULT_FETCH_POLICY,
  signal?: AbortSignal,
): Promise<FetchedDocument> {
  const maxBytes = policy.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeout = AbortSignal.timeout(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let current = parseUrl(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol === 'file:') return readFileDocument(current, policy, maxBytes);
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new FetchError(`cannot fetch ${current.protocol} URLs: ${url}`);
    }
    await checkHost(current, policy);
    const response = await fetch(current, { headers: { accept }, redirect: 'manual', signal: combined }).catch((e: unknown) => {
      throw new FetchError(`fetching ${current.href} failed: ${(e as Error).message}`);
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= (policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) throw new FetchError(`too many redirects fetching ${url}`);
      await response.body?.cancel();
      current = new URL(location, current);
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new FetchError(`fetching ${current.href} answered ${response.status} ${response.statusText}`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) throw new FetchError(`${current.href} is ${declared} bytes, over the limit of ${maxBytes}`);
    const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
    return { url: current.href, mediaType, body: limited(response.body, maxBytes, current.href) };
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new FetchError(`not a URL: ${url}`);
  }
}

/** Refuses hosts by name (deny list, allow list) and by every address they resolve to. */
async function checkHost(url: URL, policy: FetchPolicy): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.deniedHosts?.some((h) => hostMatches(host, h))) throw new FetchError(`host ${host} is denied`);
  if (policy.allowedHosts && !policy.allowedHosts.some((h) => hostMatches(host, h))) {
    throw new FetchError(`host ${host} is not in the allowed list`);
  }
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then(
    (all) => all.map((a) => a.address),
    (e: Error) => {
      throw new FetchError(`cannot resolve ${host}: ${e.message}`);
    },
  );
  for (const address of addresses) {
    if (!policy.allowLoopback && isLoopback(address)) throw new FetchError(`${host} is a loopback address (${address})`);
    if (!policy.allowLinkLocal && isLinkLocal(address)) throw new FetchError(`${host} is a link-local address (${address})`);
  }
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.toLowerCase();
  return p.startsWith('.') ? host === p.slice(1) || host.endsWith(p) : host === p;
}

/** IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged by their IPv4 part. */
const unmapped = (address: string): string => address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

export function isLoopback(address: string): boolean {
  const a = unmapped(address);
  return a.startsWith('127.') || a === '::1' || a === '0.0.0.0' || a === '::';
}

export function isLinkLocal(address: string): boolean {
  const a = unmapped(address);
  return a.startsWith('169.254.') || /^fe[89ab][0-9a-f]:/.test(a);
}

/** Stops a body stream once it passes the byte limit. */
async function* limited(body: AsyncIterable<Uint8Array>, maxBytes: number, url: string): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FetchError(`${url} is over the limit of ${maxBytes} bytes`);
    yield chunk;
  }
}

async function readFileDocument(url: URL, policy: FetchPolicy, maxBytes: number): Promise<FetchedDocument> {
  const file = path.resolve(fileURLToPath(url));
  const roots = policy.fileRoots ?? [];
  if (!roots.some((root) => isInside(file, path.resolve(root)))) throw new FetchError(`file URLs outside the allowed roots are refused: ${url.href}`);
  const info = await stat(file).catch(() => {
    throw new FetchError(`no such file: ${url.href}`);
  });
  if (!info.isFile()) throw new FetchError(`not a file: ${url.href}`);
  if (info.size > maxBytes) throw new FetchError(`${url.href} is ${info.size} bytes, over the limit of ${maxBytes}`);
  return { url: url.href, body: createReadStream(file) as AsyncIterable<Uint8Array> };
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
