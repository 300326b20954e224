import type { Mdd } from '../diagram/mdd';
import { FALSE_NODE, type NodeStore } from './node-store';

/** The compact diagram of no configuration at all: a root without edges. */
export const emptyMdd = (order: Int32Array): Mdd => {
  const n = order.length;
  const layerStart = new Int32Array(n + 2).fill(1);
  layerStart[0] = 0;
  layerStart[n + 1] = 2;
  return {
    order,
    layerStart,
    edgeStart: new Int32Array(3),
    edgeLabel: new Int32Array(0),
    edgeChild: new Int32Array(0),
    nodeCount: n === 0 ? 1 : 2,
    edgeCount: 0,
  };
};

/**
 * Copies the part of `store` reachable from `root` into the compact typed-array {@link Mdd}, numbering nodes
 * layer by layer so that queries are plain loops over index ranges.
 */
export const exportMdd = (store: NodeStore, root: number, order: Int32Array): Mdd => {
  const n = order.length;
  if (root === FALSE_NODE) return emptyMdd(order);
  const layers: number[][] = Array.from({ length: n + 1 }, () => []);
  const index = new Map<number, number>();
  layers[0]?.push(root);
  index.set(root, 0);
  for (let k = 0; k < n; k += 1) {
    const next = layers[k + 1] ?? [];
    for (const node of layers[k] ?? []) {
      for (const child of store.row(node)) {
        if (child === FALSE_NODE || index.has(child)) continue;
        index.set(child, next.length);
        next.push(child);
      }
    }
  }
  const layerStart = new Int32Array(n + 2);
  layers.forEach((nodes, k) => {
    layerStart[k + 1] = (layerStart[k] ?? 0) + nodes.length;
  });
  const nodeCount = layerStart[n + 1] ?? 0;
  const edgeStart = new Int32Array(nodeCount + 1);
  const labels: number[] = [];
  const children: number[] = [];
  let id = 0;
  layers.forEach((nodes, k) => {
    const childBase = layerStart[k + 1] ?? 0;
    for (const node of nodes) {
      if (k < n) {
        store.row(node).forEach((child, value) => {
          if (child === FALSE_NODE) return;
          labels.push(value);
          children.push(childBase + (index.get(child) ?? 0));
        });
      }
      id += 1;
      edgeStart[id] = labels.length;
    }
  });
  return {
    order,
    layerStart,
    edgeStart,
    edgeLabel: Int32Array.from(labels),
    edgeChild: Int32Array.from(children),
    nodeCount,
    edgeCount: labels.length,
  };
};
