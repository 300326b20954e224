/**
 * A quasi-reduced layered multi-valued decision diagram: layer `k` tests variable `order[k]`, every edge goes
 * from layer `k` to layer `k + 1` (no long edges, so a query is one linear pass), isomorphic nodes are merged
 * and every node lies on a path from the root to the terminal. Nodes are numbered layer by layer: the root is
 * node 0 and the terminal is node `nodeCount - 1`. An empty diagram (no valid configuration) has a root with no
 * edges.
 */
export type Mdd = {
  readonly order: Int32Array;
  readonly layerStart: Int32Array;
  readonly edgeStart: Int32Array;
  readonly edgeLabel: Int32Array;
  readonly edgeChild: Int32Array;
  readonly nodeCount: number;
  readonly edgeCount: number;
};

/** Bytes held by the diagram's typed arrays. */
export const mddBytes = (mdd: Mdd): number =>
  mdd.order.byteLength +
  mdd.layerStart.byteLength +
  mdd.edgeStart.byteLength +
  mdd.edgeLabel.byteLength +
  mdd.edgeChild.byteLength;

/** Whether the diagram has no path from root to terminal. */
export const isEmptyMdd = (mdd: Mdd): boolean => mdd.nodeCount > 1 && mdd.edgeCount === 0;
