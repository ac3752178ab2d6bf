/**
 * Proactive content negotiation on `Accept`, RFC 9110 §12.5.1
 * (https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1), over the formats of
 * spec §4.15. Each media type gets the weight of the most specific range that
 * matches it (`type/subtype` over `type/*` over `*∕*`); `q=0` excludes it. The
 * highest weight wins; ties go to the more specific match, then to the server's
 * order with the preferred format first. With no `Accept` (or only `*∕*`) the
 * preferred format — the defaults below, from decisions.md "Formats" — is used.
 */
import type { BooleanResultFormat, Format, RdfFormat, TupleResultFormat } from './format.ts';
import { bareMediaType } from './registry.ts';
import { sparqlJsonBoolean, sparqlJsonTuple } from './results/sparqlJson.ts';
import { trig } from './rdf/trig.ts';
import { turtle } from './rdf/turtle.ts';

/** SELECT results and lists (repositories, contexts, namespaces) default to SPARQL JSON. */
export const DEFAULT_TUPLE_FORMAT: TupleResultFormat = sparqlJsonTuple;
export const DEFAULT_BOOLEAN_FORMAT: BooleanResultFormat = sparqlJsonBoolean;
/** CONSTRUCT and DESCRIBE results default to Turtle. */
export const DEFAULT_GRAPH_QUERY_FORMAT: RdfFormat = turtle;
/** Statement exports default to TriG, which loses nothing across contexts. */
export const DEFAULT_STATEMENTS_FORMAT: RdfFormat = trig;

export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  /** 0 for `*∕*`, 1 for `type/*`, 2 for `type/subtype`, +1 when it carries parameters. */
  specificity: number;
}

/** The format to answer with, or `undefined` when nothing is acceptable (→ 406). */
export function negotiate<F extends Format>(accept: string | undefined, formats: readonly F[], preferred: F): F | undefined {
  const ranges = parseAccept(accept ?? '');
  if (ranges.length === 0) return preferred;
  const ordered = [preferred, ...formats.filter((f) => f !== preferred)].filter((f) => !excluded(ranges, f));
  // Canonical media types before aliases, as RDF4J orders its candidates: the
  // response is labelled with the canonical type, so a wildcard should reach a
  // format through that type rather than through an alias (text/xml → RDF/XML).
  const candidates: [F, string][] = [
    ...ordered.map((f): [F, string] => [f, f.mediaTypes[0]!]),
    ...ordered.flatMap((f) => f.mediaTypes.slice(1).map((m): [F, string] => [f, m])),
  ];
  let best: F | undefined;
  let bestQ = 0;
  let bestSpecificity = -1;
  for (const [format, mediaType] of candidates) {
    const range = bestRange(ranges, mediaType);
    if (!range || range.q === 0) continue;
    if (range.q > bestQ || (range.q === bestQ && range.specificity > bestSpecificity)) {
      best = format;
      bestQ = range.q;
      bestSpecificity = range.specificity;
    }
  }
  return best;
}

/** A format is refused when the client names any of its media types with q=0. */
function excluded(ranges: readonly MediaRange[], format: Format): boolean {
  return format.mediaTypes.some((m) => {
    const range = bestRange(ranges, m);
    return range !== undefined && range.q === 0 && range.specificity >= 4;
  });
}

/** The most specific range matching `mediaType` (its weight decides, RFC 9110 §12.5.1). */
function bestRange(ranges: readonly MediaRange[], mediaType: string): MediaRange | undefined {
  const slash = mediaType.indexOf('/');
  const type = mediaType.slice(0, slash);
  const subtype = mediaType.slice(slash + 1);
  let best: MediaRange | undefined;
  for (const range of ranges) {
    const matches =
      (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
    if (matches && (!best || range.specificity > best.specificity)) best = range;
  }
  return best;
}

/** `text/turtle;q=0.9, text/*;q=0.1` → media ranges; malformed elements are skipped. */
export function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const element of accept.split(',')) {
    const [rawType = '', ...params] = element.split(';');
    const bare = bareMediaType(rawType);
    const slash = bare.indexOf('/');
    if (slash <= 0 || slash === bare.length - 1) continue;
    const type = bare.slice(0, slash);
    const subtype = bare.slice(slash + 1);
    if (type === '*' && subtype !== '*') continue;
    let q = 1;
    let hasParams = false;
    for (const param of params) {
      const [name = '', value = ''] = param.split('=').map((s) => s.trim());
      if (name.toLowerCase() === 'q') q = parseWeight(value);
      else if (name) hasParams = true;
    }
    const base = type === '*' ? 0 : subtype === '*' ? 1 : 2;
    ranges.push({ type, subtype, q, specificity: base * 2 + (hasParams ? 1 : 0) });
  }
  return ranges;
}

/** RFC 9110 §12.4.2 qvalue: 0 to 1 with up to three decimals; anything else counts as 1. */
function parseWeight(value: string): number {
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 1;
}
