/**
 * The part of `sparql-http-client` (v3, untyped) that the client tests use:
 * a SPARQL 1.1 Protocol query client and a Graph Store client.
 */
declare module 'sparql-http-client/ParsingClient.js' {
  import type { DatasetCore, Term } from '@rdfjs/types';
  interface QueryOptions {
    operation?: 'get' | 'postUrlencoded' | 'postDirect';
  }
  export default class ParsingClient {
    constructor(options: { endpointUrl: string; updateUrl?: string });
    readonly query: {
      select(query: string, options?: QueryOptions): Promise<Record<string, Term>[]>;
      ask(query: string, options?: QueryOptions): Promise<boolean>;
      construct(query: string, options?: QueryOptions): Promise<DatasetCore>;
      update(query: string): Promise<void>;
    };
  }
}

declare module 'sparql-http-client/StreamClient.js' {
  import type { Quad, Term } from '@rdfjs/types';
  import type { Readable } from 'node:stream';
  export default class StreamClient {
    constructor(options: { endpointUrl: string; storeUrl?: string; updateUrl?: string });
    readonly store: {
      get(graph?: Term): AsyncIterable<Quad>;
      put(stream: Readable, options?: { graph?: Term }): Promise<void>;
      post(stream: Readable, options?: { graph?: Term }): Promise<void>;
    };
  }
}
