/**
 * SeRQL namespaces (spec §4.3 `queryLn=serql`): the trailing `USING NAMESPACE`
 * declarations plus the predeclared prefixes `rdf`, `rdfs`, `xsd`, `owl` and
 * `sesame` (and our schema prefix `svc`; `serql` is an old alias of `sesame`).
 * A declared prefix overrides a predeclared one; declaring one prefix twice
 * with different URIs is an error, as in Sesame's NamespaceDeclProcessor.
 */
import { df, RDF_NS, RDFS, XSD, type BlankNode, type Literal, type NamedNode } from '../rdf/terms.ts';
import { SESAME_NS, SVC_NS } from '../protocol/constants.ts';
import type { NamespaceDecl, Uri, Value } from './ast.ts';
import { syntaxError } from './lexer.ts';

const PREDECLARED: readonly (readonly [string, string])[] = [
  ['rdf', RDF_NS],
  ['rdfs', RDFS],
  ['xsd', XSD],
  ['owl', 'http://www.w3.org/2002/07/owl#'],
  ['sesame', SESAME_NS],
  ['svc', SVC_NS],
];

export class Namespaces {
  /** The prefixes in force: declared first, then the predeclared ones not overridden. */
  readonly prefixes = new Map<string, string>();

  constructor(declarations: readonly NamespaceDecl[]) {
    for (const { prefix, uri, at } of declarations) {
      const known = this.prefixes.get(prefix);
      if (known !== undefined && known !== uri) syntaxError(at, `multiple namespace declarations for prefix "${prefix}"`);
      this.prefixes.set(prefix, uri);
    }
    for (const [prefix, uri] of PREDECLARED) if (!this.prefixes.has(prefix)) this.prefixes.set(prefix, uri);
  }

  /** A URI as written, or a QName expanded against the prefixes; an unknown prefix is an error at the QName. */
  iri(uri: Uri): NamedNode {
    if (uri.type === 'uri') return df.namedNode(uri.value);
    const colon = uri.value.indexOf(':');
    const prefix = uri.value.slice(0, colon);
    const namespace = this.prefixes.get(prefix) ?? (prefix === 'serql' ? SESAME_NS : undefined);
    if (namespace === undefined) syntaxError(uri.at, `QName "${uri.value}" uses an undefined prefix`);
    return df.namedNode(namespace + uri.value.slice(colon + 1));
  }

  /** A value written in the query: a URI, a blank node (the stored node with that id), or a literal. */
  value(value: Value): NamedNode | BlankNode | Literal {
    switch (value.type) {
      case 'uri': case 'qname': return this.iri(value);
      case 'bnode': return df.blankNode(value.id);
      case 'literal':
        if (value.datatype) return df.literal(value.label, this.iri(value.datatype));
        return df.literal(value.label, value.language);
    }
  }
}
