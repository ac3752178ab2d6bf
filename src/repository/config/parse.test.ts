/**
 * §2.3 configuration documents: every template in fixtures/config parses to
 * its typed configuration, its legacy twin means the same, every negative
 * fixture fails naming the property, and serialize → parse is the identity.
 */
import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { defaultGraph, namedNode } from '../../rdf/terms.ts';
import { readConfigDocument, writeConfigTurtle } from './document.ts';
import { RepositoryConfigError } from './errors.ts';
import { parseRepositoryConfig } from './parse.ts';
import { serializeRepositoryConfig } from './serialize.ts';
import type { RepositoryConfig } from './types.ts';

const FIXTURES = new URL('../../../fixtures/config/', import.meta.url);

const fixture = (name: string): Buffer => readFileSync(new URL(name, FIXTURES));

async function parseText(text: string | Uint8Array): Promise<RepositoryConfig> {
  return parseRepositoryConfig(await readConfigDocument(text)).config;
}

const memory = (persist: boolean) => ({ type: 'MemoryStore', persist }) as const;

const EXPECTED: Record<string, RepositoryConfig> = {
  memory: {
    id: 'memory',
    title: 'Memory store',
    impl: { type: 'SailRepository', sail: { ...memory(false), iterationCacheSyncThreshold: 10000, defaultQueryEvaluationMode: 'STRICT' } },
  },
  'memory-persist': {
    id: 'memory-persist',
    title: 'Persistent memory store',
    impl: { type: 'SailRepository', sail: { ...memory(true), syncDelay: 1000, defaultQueryEvaluationMode: 'STANDARD' } },
  },
  native: {
    id: 'native',
    title: 'Native store',
    impl: {
      type: 'SailRepository',
      sail: { type: 'NativeStore', tripleIndexes: ['spoc', 'posc'], iterationCacheSyncThreshold: 10000, defaultQueryEvaluationMode: 'STRICT' },
    },
  },
  'native-custom-indexes': {
    id: 'native-custom',
    title: 'Native store with custom indexes',
    impl: {
      type: 'SailRepository',
      sail: {
        type: 'NativeStore',
        tripleIndexes: ['spoc', 'posc', 'opsc', 'cspo'],
        forceSync: true,
        valueCacheSize: 1024,
        valueIDCacheSize: 256,
        namespaceCacheSize: 64,
        namespaceIDCacheSize: 32,
      },
    },
  },
  'memory-rdfs': {
    id: 'memory-rdfs',
    title: 'Memory store with RDFS inference',
    impl: { type: 'SailRepository', sail: { type: 'SchemaCachingRDFSInferencer', delegate: { ...memory(true), iterationCacheSyncThreshold: 10000 } } },
  },
  'memory-rdfs-dt': {
    id: 'memory-rdfs-dt',
    title: 'Memory store with RDFS and direct type inference',
    impl: {
      type: 'SailRepository',
      sail: {
        type: 'DirectTypeHierarchyInferencer',
        delegate: { type: 'SchemaCachingRDFSInferencer', delegate: { ...memory(true), defaultQueryEvaluationMode: 'STANDARD' } },
      },
    },
  },
  'memory-shacl': {
    id: 'memory-shacl',
    title: 'Memory store with SHACL validation',
    impl: {
      type: 'SailRepository',
      sail: {
        type: 'ShaclSail',
        delegate: memory(true),
        options: {
          parallelValidation: false,
          validationEnabled: true,
          rdfsSubClassReasoning: true,
          validationResultsLimitTotal: 1000,
          validationResultsLimitPerConstraint: -1,
        },
        shapesGraphs: [namedNode('http://svc.org/schema/svc#SHACLShapeGraph')],
      },
    },
  },
  'native-rdfs-dt': {
    id: 'native-rdfs-dt',
    title: 'Native store with RDFS and direct type inference',
    impl: {
      type: 'SailRepository',
      sail: {
        type: 'DirectTypeHierarchyInferencer',
        delegate: {
          type: 'SchemaCachingRDFSInferencer',
          delegate: { type: 'NativeStore', tripleIndexes: ['spoc', 'posc'], iterationCacheSyncThreshold: 10000 },
        },
      },
    },
  },
  remote: {
    id: 'remote',
    title: 'Repository on a remote server',
    impl: { type: 'HTTPRepository', url: 'http://localhost:8080/repositories/remote-data', username: 'admin', password: 'secret' },
  },
  sparql: {
    id: 'endpoint',
    title: 'SPARQL endpoint',
    impl: { type: 'SPARQLRepository', queryEndpoint: 'http://example.org/sparql', updateEndpoint: 'http://example.org/sparql/update' },
  },
  dataset: {
    id: 'dataset',
    title: 'Dynamic dataset',
    impl: { type: 'DatasetRepository', delegate: { type: 'SailRepository', sail: memory(false) } },
  },
  'context-aware': {
    id: 'context-aware',
    title: 'Context-aware view',
    impl: {
      type: 'ContextAwareRepository',
      delegate: { type: 'SailRepository', sail: memory(false) },
      readContexts: [namedNode('http://example.org/g1'), defaultGraph()],
      insertContext: namedNode('http://example.org/g1'),
      removeContexts: [namedNode('http://example.org/g1')],
      includeInferred: false,
    },
  },
};

const templates = readdirSync(FIXTURES).filter((f) => f.endsWith('.ttl') && !f.includes('.legacy.') && !f.includes('.rdf4j.'));

t.test('every template in fixtures/config has an expectation', async (t) => {
  t.same(templates.map((f) => f.slice(0, -4)).sort(), Object.keys(EXPECTED).sort());
});

for (const [name, expected] of Object.entries(EXPECTED)) {
  t.test(`${name}: unified, legacy twin, round trip`, async (t) => {
    const unified = await parseText(fixture(`${name}.ttl`));
    t.same(unified, expected, 'unified vocabulary parses to the expected configuration');
    const legacy = parseRepositoryConfig(await readConfigDocument(fixture(`${name}.legacy.ttl`)));
    t.same(legacy.config, unified, 'the legacy twin means the same');
    t.same(legacy.warnings, [], 'no disagreement reported');
    t.same(parseRepositoryConfig(serializeRepositoryConfig(unified)).config, unified, 'serialize → parse');
    const text = writeConfigTurtle(serializeRepositoryConfig(unified));
    t.notMatch(text, /openrdf|rdf4j\.org,2023/, 'written in our vocabulary only');
    t.same(await parseText(text), unified, 'Turtle text round trip');
  });
}

t.test("RDF4J 5's unified namespace and openrdf: type strings read as ours", async (t) => {
  t.same(await parseText(fixture('memory.rdf4j.ttl')), EXPECTED.memory);
});

const invalid = readdirSync(new URL('invalid/', FIXTURES)).filter((f) => f.endsWith('.ttl'));

for (const file of invalid) {
  t.test(`invalid/${file} is rejected naming the property`, async (t) => {
    const text = fixture(`invalid/${file}`).toString('utf8');
    const [, property, fragment] = /^# expect-error: (\S+) \| (.+)$/m.exec(text) ?? [];
    t.ok(property && fragment, 'the fixture says which error it expects');
    const quads = await readConfigDocument(text);
    t.throws(() => parseRepositoryConfig(quads), RepositoryConfigError);
    try {
      parseRepositoryConfig(quads);
    } catch (e) {
      t.equal((e as RepositoryConfigError).property, property, 'names the property');
      t.match((e as Error).message, fragment!, 'says what is wrong');
      t.match((e as Error).message, property!, 'the message names the property too');
    }
  });
}

t.test('a unified and a legacy value that disagree: the unified wins, with a warning', async (t) => {
  const quads = await readConfigDocument(`
    @prefix config: <tag:svc.org,2023:config/>. @prefix rep: <http://www.openrdf.org/config/repository#>.
    [] config:rep.id "new" ; rep:repositoryID "old" ;
       config:rep.impl [ config:rep.type "svc:SPARQLRepository" ; config:sparql.queryEndpoint <http://example.org/q> ].`);
  const parsed = parseRepositoryConfig(quads);
  t.equal(parsed.config.id, 'new');
  t.equal(parsed.warnings.length, 1);
  t.match(parsed.warnings[0]!, 'config:rep.id');
});

t.test('ids: the safe path-segment characters are accepted', async (t) => {
  const quads = await readConfigDocument(`
    @prefix config: <tag:svc.org,2023:config/>.
    [] config:rep.id "My_repo-2.v1" ;
       config:rep.impl [ config:rep.type "svc:SPARQLRepository" ; config:sparql.queryEndpoint <http://example.org/q> ].`);
  t.equal(parseRepositoryConfig(quads).config.id, 'My_repo-2.v1');
});

t.test('the repository may be a named node and sit in a named graph (any RDF document)', async (t) => {
  const quads = await readConfigDocument(
    `@prefix config: <tag:svc.org,2023:config/>.
     <http://example.org/repositories/r#r> { <http://example.org/repositories/r#r> a config:Repository ; config:rep.id "r" ;
       config:rep.impl [ config:rep.type "rdf4j:HTTPRepository" ; config:http.url <http://example.org/repositories/r> ] }`,
    'trig',
  );
  t.same(parseRepositoryConfig(quads).config, { id: 'r', impl: { type: 'HTTPRepository', url: 'http://example.org/repositories/r' } });
});
