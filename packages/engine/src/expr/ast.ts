/** A half-open range of UTF-16 offsets `[start, end)` into the expression source. */
export type Span = { readonly start: number; readonly end: number };

/** Binary operators, from lowest to highest precedence group. */
export type BinaryOperator =
  | 'implies'
  | 'or'
  | 'and'
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'in'
  | 'not in'
  | '&'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%';

/** Prefix operators: logical negation and arithmetic negation. */
export type UnaryOperator = 'not' | '-';

/** A node of the expression syntax tree; every node knows where it came from in the source. */
export type ExprNode =
  | { readonly kind: 'number'; readonly value: number; readonly span: Span }
  | { readonly kind: 'string'; readonly value: string; readonly span: Span }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly span: Span }
  | { readonly kind: 'null'; readonly span: Span }
  | { readonly kind: 'list'; readonly items: readonly ExprNode[]; readonly span: Span }
  | { readonly kind: 'option'; readonly id: string; readonly span: Span }
  | { readonly kind: 'param'; readonly name: string; readonly span: Span }
  | { readonly kind: 'unary'; readonly op: UnaryOperator; readonly operand: ExprNode; readonly span: Span }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly left: ExprNode;
      readonly right: ExprNode;
      readonly span: Span;
    }
  | {
      readonly kind: 'if';
      readonly condition: ExprNode;
      readonly whenTrue: ExprNode;
      readonly whenFalse: ExprNode;
      readonly span: Span;
    }
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly args: readonly ExprNode[];
      readonly span: Span;
      readonly nameSpan: Span;
    };

/** A parsed expression: the tree plus the source and model path needed to point errors at the model. */
export type Expression = {
  readonly source: string;
  readonly root: ExprNode;
  /** Where the expression lives in the product model, e.g. `constraints[2].rule`. */
  readonly path?: string;
};

/** The node's direct children, left to right; lets walkers ignore node shapes they do not care about. */
export function childrenOf(node: ExprNode): readonly ExprNode[] {
  switch (node.kind) {
    case 'list':
      return node.items;
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'if':
      return [node.condition, node.whenTrue, node.whenFalse];
    case 'call':
      return node.args;
    default:
      return [];
  }
}
