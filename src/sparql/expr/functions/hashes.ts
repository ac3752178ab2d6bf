/**
 * §17.4.6 Hash functions: MD5, SHA1, SHA256, SHA384, SHA512 of the UTF-8
 * bytes of a simple literal or xsd:string, as lowercase hex.
 */
import { createHash } from 'node:crypto';
import type { FunctionTable, SparqlFunction } from '../context.ts';
import { requireSimpleLiteral, simple } from '../literals.ts';

const hash = (algorithm: string, name: string): SparqlFunction => ([a]) =>
  simple(createHash(algorithm).update(requireSimpleLiteral(a, name).value, 'utf8').digest('hex'));

export const hashFunctions: FunctionTable = {
  md5: hash('md5', 'MD5'),
  sha1: hash('sha1', 'SHA1'),
  sha256: hash('sha256', 'SHA256'),
  sha384: hash('sha384', 'SHA384'),
  sha512: hash('sha512', 'SHA512'),
};
