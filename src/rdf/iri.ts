/**
 * IRI reference resolution, RFC 3986 §5.2 (https://www.rfc-editor.org/rfc/rfc3986#section-5.2):
 * how every parser turns a relative IRI into an absolute one against the base
 * (the `baseURI` parameter or the document's own base declaration).
 */

/** The parts of an IRI reference (RFC 3986 §5.2.1); `undefined` = the component is absent. */
interface IriParts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

// RFC 3986 Appendix B: the regular expression that splits any IRI reference.
const PARTS = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Whether `iri` has a scheme, i.e. is an absolute IRI (RFC 3987 §2.2 `IRI`, fragment allowed). */
export function isAbsoluteIri(iri: string): boolean {
  return SCHEME.test(iri);
}

function split(reference: string): IriParts {
  const m = PARTS.exec(reference)!; // every string matches: all groups are optional
  return { scheme: m[1], authority: m[2], path: m[3] ?? '', query: m[4], fragment: m[5] };
}

/** RFC 3986 §5.2.2: the target IRI of `relative` against the absolute `base`. */
export function resolveIri(relative: string, base: string | undefined): string {
  const r = split(relative);
  if (r.scheme !== undefined) return recompose({ ...r, path: removeDotSegments(r.path) });
  if (!base) return relative;
  const b = split(base);
  const t: IriParts = { scheme: b.scheme, path: '' };
  if (r.authority !== undefined) {
    t.authority = r.authority;
    t.path = removeDotSegments(r.path);
    t.query = r.query;
  } else {
    t.authority = b.authority;
    if (r.path === '') {
      t.path = b.path;
      t.query = r.query ?? b.query;
    } else {
      t.path = removeDotSegments(r.path.startsWith('/') ? r.path : merge(b, r.path));
      t.query = r.query;
    }
  }
  t.fragment = r.fragment;
  return recompose(t);
}

/** RFC 3986 §5.2.3 */
function merge(base: IriParts, path: string): string {
  if (base.authority !== undefined && base.path === '') return '/' + path;
  return base.path.slice(0, base.path.lastIndexOf('/') + 1) + path;
}

/** RFC 3986 §5.2.4: interpret and remove `.` and `..` segments. */
export function removeDotSegments(path: string): string {
  if (!path.includes('.')) return path;
  const output: string[] = [];
  let input = path;
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output.push(segment);
      input = next < 0 ? '' : input.slice(next);
    }
  }
  return output.join('');
}

/** RFC 3986 §5.3 */
function recompose(t: IriParts): string {
  let result = '';
  if (t.scheme !== undefined) result += t.scheme + ':';
  if (t.authority !== undefined) result += '//' + t.authority;
  result += t.path;
  if (t.query !== undefined) result += '?' + t.query;
  if (t.fragment !== undefined) result += '#' + t.fragment;
  return result;
}
