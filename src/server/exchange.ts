/**
 * One HTTP request and its response, as the route handlers of §4 see them:
 * parameters (query string merged with a form body), the request body as a
 * size-limited byte stream (§8 limits: 413), and response writers that respect
 * backpressure (`res.write` returning false → wait for 'drain').
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { MEDIA_TYPES, PARAM } from '../protocol/constants.ts';
import { bodyTooLarge, ProtocolError } from '../protocol/errors.ts';
import type { Params } from '../protocol/params.ts';
import { bareMediaType } from '../formats/registry.ts';
import type { ByteSink } from '../formats/format.ts';

export class Exchange {
  readonly method: string;
  /** The absolute request URL (Host header based): the base of `Location`, repository URIs and direct graph IRIs. */
  readonly url: URL;
  params: Params;
  /** Path parameters of the matched route (decoded). */
  pathParams: Readonly<Record<string, string>> = {};
  #bodyRead = false;
  /** Set once the body exceeded the limit, so a parser's wrapped error still maps to 413. */
  bodyOverLimit = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly maxBody: number,
  ) {
    this.method = req.method ?? 'GET';
    this.url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    this.params = new URLSearchParams(this.url.search);
  }

  get head(): boolean {
    return this.method === 'HEAD';
  }

  /** The bare request media type, lower case; undefined when there is no Content-Type. */
  get mediaType(): string | undefined {
    const header = this.req.headers['content-type'];
    return header === undefined || header.trim() === '' ? undefined : bareMediaType(header);
  }

  /** The `charset` parameter of the Content-Type, lower case, if any. */
  get charset(): string | undefined {
    const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(this.req.headers['content-type'] ?? '');
    return match?.[1]?.toLowerCase();
  }

  /** `Accept`: the query parameter overrides the header (decisions.md "Formats"). */
  get accept(): string {
    return (this.acceptFromParameter ? this.params.get(PARAM.accept) : undefined) ?? this.req.headers.accept ?? '*/*';
  }

  get acceptFromParameter(): boolean {
    return (this.params.get(PARAM.accept) ?? '') !== '';
  }

  /** Merges a form-encoded body into `params` (SPARQL Protocol §2.1.2). */
  async readForm(): Promise<void> {
    if (this.mediaType !== MEDIA_TYPES.form) return;
    const form = new URLSearchParams(await this.text());
    for (const [name, value] of form) this.params.append(name, value);
  }

  /** The request body as bytes, failing with 413 past `maxBody`; readable once. */
  async *body(): AsyncGenerator<Uint8Array> {
    if (this.#bodyRead) return;
    this.#bodyRead = true;
    const declared = Number(this.req.headers['content-length']);
    if (declared > this.maxBody) this.overLimit();
    let total = 0;
    for await (const chunk of this.req as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > this.maxBody) this.overLimit();
      yield chunk;
    }
  }

  private overLimit(): never {
    this.bodyOverLimit = true;
    throw bodyTooLarge(this.maxBody);
  }

  /** The whole body as UTF-8 text (SPARQL bodies without a charset are UTF-8, decisions.md). */
  async text(): Promise<string> {
    return new TextDecoder('utf-8').decode(await this.bytes());
  }

  async bytes(): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.body()) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Drains an unread body so the connection can be reused. */
  discardBody(): void {
    if (!this.#bodyRead) this.req.resume();
  }

  send(status: number, headers: Record<string, string | number> = {}, body?: string): void {
    const res = this.res;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    const bytes = Buffer.from(body, 'utf-8');
    res.setHeader('Content-Type', res.getHeader('Content-Type') ?? 'text/plain; charset=UTF-8');
    res.setHeader('Content-Length', bytes.length);
    res.writeHead(status);
    res.end(this.head ? undefined : bytes);
  }

  sendText(status: number, text: string): void {
    this.send(status, { 'Content-Type': 'text/plain; charset=UTF-8' }, text);
  }

  sendError(error: ProtocolError): void {
    this.send(error.status, { ...error.headers, 'Content-Type': 'text/plain; charset=UTF-8' }, error.body);
  }

  /**
   * Streams a document. `produce` writes into the sink and yields after each
   * batch. Output is held back until it passes `STREAM_THRESHOLD` bytes: a small
   * document goes out whole with a Content-Length, and an error before the
   * threshold is still a proper error response. Past it, the status is sent and
   * the response flows, waiting for 'drain' between batches.
   */
  async stream(status: number, headers: Record<string, string>, produce: (sink: ByteSink) => AsyncIterable<void>): Promise<void> {
    const res = this.res;
    if (this.head) {
      res.writeHead(status, headers).end();
      return;
    }
    let held: Buffer[] | undefined = [];
    let heldBytes = 0;
    const sink: ByteSink = {
      write: (chunk) => {
        if (!held) return res.write(chunk);
        // Copied: a writer may reuse its buffer after a write.
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf-8') : Buffer.from(chunk);
        held.push(bytes);
        heldBytes += bytes.length;
        return true;
      },
    };
    for await (const _ of produce(sink)) {
      if (held && heldBytes >= STREAM_THRESHOLD) {
        res.writeHead(status, headers);
        res.write(Buffer.concat(held));
        held = undefined;
      }
      if (res.destroyed) throw clientGone();
      if (res.writableNeedDrain) await drained(res);
    }
    if (held) {
      res.writeHead(status, { ...headers, 'Content-Length': String(heldBytes) });
      res.end(Buffer.concat(held));
    } else res.end();
  }
}

/** Documents smaller than this are sent whole (one write, with Content-Length); larger ones stream. */
const STREAM_THRESHOLD = 64 * 1024;

async function drained(res: ServerResponse): Promise<void> {
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
  if (res.destroyed) throw clientGone();
}

/** The client went away mid-stream: stop producing (the status is never sent). */
const clientGone = () => new ProtocolError(499, undefined, 'client closed the connection');
