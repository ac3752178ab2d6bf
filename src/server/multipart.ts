/**
 * `multipart/form-data` bodies (RFC 7578) for the Graph Store's POST (W3C GSP
 * §5.5: "a request with several RDF payloads"): the parts with their own
 * Content-Type. The body is bounded by the server's body limit, so it is read whole.
 */
import { malformedData } from '../protocol/errors.ts';

export interface Part {
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

export function boundaryOf(contentTypeHeader: string): string {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader);
  const boundary = match?.[1] ?? match?.[2];
  if (boundary === undefined) throw malformedData('multipart/form-data without a boundary');
  return boundary;
}

export function splitMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformedData('multipart body without its boundary');
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw malformedData('multipart body without its closing boundary');
    parts.push(part(body.subarray(skipLineBreak(body, start), trimLineBreak(body, next))));
    at = next;
  }
}

function part(raw: Buffer): Part {
  const headerEnd = raw.indexOf('\r\n\r\n');
  if (headerEnd < 0) return { contentType: undefined, body: raw };
  const headers = raw.subarray(0, headerEnd).toString('utf-8');
  const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim();
  return { contentType, body: raw.subarray(headerEnd + 4) };
}

function skipLineBreak(body: Buffer, at: number): number {
  return body[at] === 13 && body[at + 1] === 10 ? at + 2 : at;
}

function trimLineBreak(body: Buffer, end: number): number {
  return body[end - 2] === 13 && body[end - 1] === 10 ? end - 2 : end;
}
