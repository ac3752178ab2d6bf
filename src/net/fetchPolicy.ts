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
 * and the sockets resolve host names through a guarded lookup, so a name
 * pointing at a refused address is refused too.
 */
import dns, { type LookupAddress } from 'node:dns';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
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

/** HTTP validators of a fetched document (RFC 9110 §8.8), sent back to ask "changed since?". */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export interface FetchedDocument {
  /** The URL after redirects: the base IRI for parsing. */
  readonly url: string;
  /** The media type without parameters, lowercased; undefined when the server sent none (or for files). */
  readonly mediaType?: string;
  /** The body, streamed and size-checked. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The response's ETag and Last-Modified, for a later conditional fetch. */
  readonly validators: Validators;
}

/** A conditional fetch whose answer was 304 Not Modified (RFC 9110 §15.4.5): the caller's copy is current. */
export interface NotModified {
  readonly url: string;
  readonly notModified: true;
}

/** Fetches `url` under `policy`, sending `accept`; the caller's `signal` cancels it. */
export async function fetchDocument(
  url: string,
  accept: string,
  policy?: FetchPolicy,
  signal?: AbortSignal,
): Promise<FetchedDocument>;
/** With the validators of an earlier fetch: answers NotModified when the server says 304. */
export async function fetchDocument(
  url: string,
  accept: string,
  policy: FetchPolicy | undefined,
  signal: AbortSignal | undefined,
  since: Validators,
): Promise<FetchedDocument | NotModified>;
export async function fetchDocument(
  url: string,
  accept: string,
  policy: FetchPolicy = DEFAULT_FETCH_POLICY,
  signal?: AbortSignal,
  since?: Validators,
): Promise<FetchedDocument | NotModified> {
  const maxBytes = policy.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeout = AbortSignal.timeout(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let current = parseUrl(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol === 'file:') return readFileDocument(current, policy, maxBytes);
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new FetchError(`cannot fetch ${current.protocol} URLs: ${url}`);
    }
    checkHostName(current, policy);
    const response = await get(current, accept, policy, combined, since);
    const status = response.statusCode ?? 0;
    if (status === 304 && since) {
      response.resume();
      return { url: current.href, notModified: true };
    }
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= (policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) throw new FetchError(`too many redirects fetching ${url}`);
      current = new URL(location, current);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchError(`fetching ${current.href} answered ${status} ${response.statusMessage ?? ''}`.trimEnd());
    }
    const declared = Number(response.headers['content-length'] ?? NaN);
    if (declared > maxBytes) {
      response.destroy();
      throw new FetchError(`${current.href} is ${declared} bytes, over the limit of ${maxBytes}`);
    }
    const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
    const validators = { etag: response.headers.etag, lastModified: response.headers['last-modified'] };
    return { url: current.href, mediaType, body: limited(response, maxBytes, current.href), validators };
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new FetchError(`not a URL: ${url}`);
  }
}

/** One GET without following redirects; the connection only goes to addresses the policy allows. */
function get(url: URL, accept: string, policy: FetchPolicy, signal: AbortSignal, since?: Validators): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { accept };
  if (since?.etag) headers['if-none-match'] = since.etag;
  if (since?.lastModified) headers['if-modified-since'] = since.lastModified;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, signal, lookup: guardedLookup(policy) }, resolve);
    request.on('error', (e: Error) => reject(e instanceof FetchError ? e : new FetchError(`fetching ${url.href} failed: ${e.message}`)));
  });
}

/** Refuses hosts by name: the deny list, the allow list, and IP literals in refused ranges. */
function checkHostName(url: URL, policy: FetchPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.deniedHosts?.some((h) => hostMatches(host, h))) throw new FetchError(`host ${host} is denied`);
  if (policy.allowedHosts && !policy.allowedHosts.some((h) => hostMatches(host, h))) {
    throw new FetchError(`host ${host} is not in the allowed list`);
  }
  if (isIP(host)) checkAddress(host, host, policy);
}

function checkAddress(host: string, address: string, policy: FetchPolicy): void {
  if (!policy.allowLoopback && isLoopback(address)) throw new FetchError(`${host} is a loopback address (${address})`);
  if (!policy.allowLinkLocal && isLinkLocal(address)) throw new FetchError(`${host} is a link-local address (${address})`);
}

/**
 * DNS resolution that refuses addresses the policy forbids, used as the
 * socket's own lookup: the address checked is the address connected to, so a
 * name that resolves differently on a second query cannot slip past.
 */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      try {
        for (const { address } of addresses) checkAddress(hostname, address, policy);
      } catch (refused) {
        return callback(refused as Error, '', 0);
      }
      const first = addresses[0];
      if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(new FetchError(`cannot resolve ${hostname}`), '', 0);
    });
  };
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
  return { url: url.href, body: createReadStream(file) as AsyncIterable<Uint8Array>, validators: {} };
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
