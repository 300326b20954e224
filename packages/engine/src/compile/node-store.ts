import { VectorTable } from './vector-table';

/** The id of "no configuration" in a {@link NodeStore}. */
export const FALSE_NODE = -1;

/**
 * A hash-consed store of quasi-reduced MDD nodes over one variable order: a node is its layer and its row (child
 * per value, {@link FALSE_NODE} where the value is excluded). Equal rows in a layer are one node, so every diagram
 * built here is canonical. Ids encode `local * (layers + 1) + layer`; the terminal is layer `layers`, local 0.
 */
export class NodeStore {
  readonly layers: number;
  readonly terminal: number;
  private readonly rows: VectorTable[];
  private nodes = 1;
  private entries = 0;

  constructor(domainSizesByLayer: Int32Array) {
    this.layers = domainSizesByLayer.length;
    this.terminal = this.layers;
    this.rows = Array.from(domainSizesByLayer, (size) => new VectorTable(size, 16));
  }

  /** Total nodes created so far (the memory measure used by compile budgets). */
  get size(): number {
    return this.nodes;
  }

  /** Number of values of the variable tested at `layer`. */
  width(layer: number): number {
    return this.rows[layer]?.width ?? 0;
  }

  /** Total row entries stored (the store's memory is about four bytes per entry). */
  get cells(): number {
    return this.entries;
  }

  /** Layer of a node id. */
  layerOf(id: number): number {
    return id % (this.layers + 1);
  }

  /** Index of a node within its layer. */
  localOf(id: number): number {
    return Math.floor(id / (this.layers + 1));
  }

  /** The node at `layer` with this row, or {@link FALSE_NODE} if every value is excluded. */
  make(layer: number, row: Int32Array): number {
    let isEmpty = true;
    for (let v = 0; v < row.length && isEmpty; v += 1) if (row[v] !== FALSE_NODE) isEmpty = false;
    if (isEmpty) return FALSE_NODE;
    const table = this.rows[layer];
    if (!table) throw new Error(`layer ${layer} out of range`);
    const before = table.count;
    const local = table.intern(row);
    if (table.count > before) {
      this.nodes += 1;
      this.entries += row.length;
    }
    return local * (this.layers + 1) + layer;
  }

  /**
   * Every row of `layer`, one after another (node `local`'s at `local * width(layer)`); valid until the next
   * `make` at that layer, which may move them.
   */
  cellsOf(layer: number): Int32Array {
    const table = this.rows[layer];
    if (!table) throw new Error(`layer ${layer} out of range`);
    return table.buffer;
  }

  /** The row of a non-terminal node (a view: copy it before the next `make`). */
  row(id: number): Int32Array {
    const table = this.rows[this.layerOf(id)];
    if (!table) throw new Error(`node ${id} has no row`);
    return table.vector(this.localOf(id));
  }
}
