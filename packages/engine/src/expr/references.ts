import { childrenOf, type Expression, type ExprNode } from './ast';

/** Option ids the expression reads, each once, in order of first appearance. */
export function referencedOptions(expr: Expression | ExprNode): string[] {
  return collect(expr, (node) => (node.kind === 'option' ? node.id : undefined));
}

/** Parameter names (without `$`) the expression reads, each once, in order of first appearance. */
export function referencedParams(expr: Expression | ExprNode): string[] {
  return collect(expr, (node) => (node.kind === 'param' ? node.name : undefined));
}

/** Function names the expression calls, each once, in order of first appearance. */
export function calledFunctions(expr: Expression | ExprNode): string[] {
  return collect(expr, (node) => (node.kind === 'call' ? node.name : undefined));
}

function collect(expr: Expression | ExprNode, pick: (node: ExprNode) => string | undefined): string[] {
  const found = new Set<string>();
  const visit = (node: ExprNode): void => {
    const name = pick(node);
    if (name !== undefined) found.add(name);
    for (const child of childrenOf(node)) visit(child);
  };
  visit('root' in expr ? expr.root : expr);
  return [...found];
}
