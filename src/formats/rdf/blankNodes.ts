/**
 * Blank-node scope of one parse (RDF 1.1 Concepts §3.4, https://www.w3.org/TR/rdf11-concepts/#section-blank-nodes):
 * a label identifies a blank node only inside its document, so two uploads that
 * both say `_:b0` must not merge. Without `preserveBNodeIds` every label gets a
 * random per-parse prefix (random, not a counter, so a persistent store cannot
 * meet the same prefix again after a restart); with it (the protocol's
 * `preserveNodeId`) labels are kept as written. Anonymous nodes (`[]`,
 * collections) always get fresh labels under the prefix.
 */
import { randomBytes } from 'node:crypto';
import type * as RDF from '@rdfjs/types';
import { type BlankNode, blankNode, df } from '../../rdf/terms.ts';
import type { RdfParseOptions } from '../format.ts';

export class BlankNodeScope {
  /** Starts with a letter and ends with `_`, so prefixed labels stay valid N-Triples labels. */
  readonly prefix = 'g' + randomBytes(6).toString('hex') + '_';
  private readonly preserve: boolean;
  private fresh = 0;

  constructor(options: RdfParseOptions | undefined) {
    this.preserve = options?.preserveBNodeIds === true;
  }

  /** The blank node a document label stands for in this parse. */
  labelled(label: string): BlankNode {
    return blankNode(this.preserve ? label : this.prefix + label);
  }

  /** A blank node no document label can name. */
  anonymous(): BlankNode {
    return blankNode(this.prefix + 'n' + this.fresh++);
  }

  /** A data factory for third-party parsers that pass document labels through unchanged. */
  factory(): RDF.DataFactory<RDF.Quad, RDF.Quad> {
    return { ...df, blankNode: (label?: string) => (label === undefined ? this.anonymous() : this.labelled(label)) };
  }

  /**
   * A data factory for third-party parsers that already prefix labels with
   * `this.prefix` themselves (n3's `blankNodePrefix`): strips it back off when
   * labels are preserved, and makes unlabelled nodes with `anonymous()`.
   */
  prefixedFactory(): RDF.DataFactory<RDF.Quad, RDF.Quad> {
    const length = this.prefix.length;
    return {
      ...df,
      blankNode: (label?: string) =>
        label === undefined ? this.anonymous() : blankNode(this.preserve && label.startsWith(this.prefix) ? label.slice(length) : label),
    };
  }
}
