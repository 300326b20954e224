import type { Mdd } from '../diagram/mdd';

/**
 * Second counter for tests and benchmarks: the number of root-to-terminal paths of a compiled diagram, pushed
 * from the root down in BigInt. The engine counts bottom up (paths to the terminal, in doubles while exact), so
 * the two agree only if both walk the same edges correctly; it shares no code with the reasoner.
 */
export const countPathsTopDown = (mdd: Mdd): bigint => {
  if (mdd.nodeCount === 0) return 0n;
  const paths: bigint[] = new Array<bigint>(mdd.nodeCount).fill(0n);
  paths[0] = 1n;
  // Nodes are numbered layer by layer and every edge goes one layer down, so a node's paths are complete before
  // it is reached in index order.
  for (let node = 0; node < mdd.nodeCount - 1; node += 1) {
    const here = paths[node] ?? 0n;
    if (here === 0n) continue;
    for (let e = mdd.edgeStart[node] ?? 0; e < (mdd.edgeStart[node + 1] ?? 0); e += 1) {
      const child = mdd.edgeChild[e] ?? 0;
      paths[child] = (paths[child] ?? 0n) + here;
    }
  }
  return paths[mdd.nodeCount - 1] ?? 0n;
};
