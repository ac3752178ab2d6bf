/**
 * The W3C SPARQL 1.1 Service Description tests (w3c-suites.md §5: names only,
 * no machine-readable expectations), encoded here: a GET on the endpoint asking
 * for RDF returns an RDF document (`returns-rdf`) that holds
 * `?service sd:endpoint <endpoint>` (`has-endpoint-triple`) on an `sd:Service`
 * with at least one `sd:supportedLanguage` (`conforms-to-schema`, the parts of
 * the schema the recommendation requires).
 */
import { rdfFormatFor, bareMediaType } from '../../src/formats/registry.ts';
import { repositoryUrl } from '../../src/protocol/constants.ts';
import type { Quad } from '../../src/rdf/terms.ts';
import type { RunContext } from '../runner/context.ts';
import type { TestCase } from '../runner/manifest.ts';
import { parseQuads } from '../runner/rdf-input.ts';
import { TestFailure, TestSkipped, type HandlerTable } from '../runner/registry.ts';
import { MF } from '../runner/vocab.ts';

const SD = 'http://www.w3.org/ns/sparql-service-description#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

const CHECKS: Record<string, (quads: readonly Quad[], endpoint: string) => string | undefined> = {
  'returns-rdf': (quads) => (quads.length > 0 ? undefined : 'the description is empty'),
  'has-endpoint-triple': (quads, endpoint) =>
    quads.some((q) => q.predicate.value === SD + 'endpoint' && q.object.value === endpoint) ? undefined : `no sd:endpoint <${endpoint}>`,
  'conforms-to-schema': (quads) => {
    const services = quads.filter((q) => q.predicate.value === RDF_TYPE && q.object.value === SD + 'Service').map((q) => q.subject.value);
    if (services.length === 0) return 'no sd:Service';
    const described = (p: string) => quads.some((q) => services.includes(q.subject.value) && q.predicate.value === SD + p);
    return described('endpoint') && described('supportedLanguage') ? undefined : 'the sd:Service lacks sd:endpoint or sd:supportedLanguage';
  },
};

async function runServiceDescriptionTest(test: TestCase, ctx: RunContext): Promise<void> {
  if (!ctx.endpoint) throw new TestSkipped('needs a server: --endpoint URL');
  const check = CHECKS[test.iri.slice(test.iri.lastIndexOf('#') + 1)];
  if (!check) throw new TestSkipped(`no check encoded for ${test.iri}`);
  const endpoint = repositoryUrl(ctx.endpoint.href, ctx.repository ?? 'default');
  const res = await fetch(endpoint, { headers: { Accept: 'text/turtle, application/rdf+xml;q=0.9' } });
  const mediaType = bareMediaType(res.headers.get('content-type') ?? '');
  const format = rdfFormatFor(mediaType);
  if (res.status !== 200 || !format) throw new TestFailure(`GET ${endpoint}: status ${res.status}, content type ${mediaType || 'none'}`);
  const problem = check(await parseQuads(format, new Uint8Array(await res.arrayBuffer()), endpoint), endpoint);
  if (problem) throw new TestFailure(problem);
}

export const serviceDescriptionHandlers: HandlerTable = { [MF.ServiceDescriptionTest]: runServiceDescriptionTest };
