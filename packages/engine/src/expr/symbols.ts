/** How a product model declares an option's value; `text` is free text, `string` a single-choice value. */
export type OptionKind = 'string' | 'number' | 'boolean' | 'text';

/** Static type of a scalar expression; `any` silences follow-up errors after a reported one. */
export type ScalarType = 'number' | 'string' | 'boolean' | 'null' | 'any';

/** Static type of an expression: a scalar or a list of scalars (lists only feed `in`). */
export type ExprType = ScalarType | `list<${ScalarType}>`;

/** What `checkExpression` knows: the model's options and the integration parameters given at session start. */
export type SymbolTable = {
  readonly options: Readonly<Record<string, OptionKind>>;
  /** Parameters such as `QuoteId`, `IsOrder`, `co_type`; `any` when the integration does not fix a type. */
  readonly params?: Readonly<Record<string, OptionKind | 'any'>>;
};

/** Static type of an option or parameter of the given kind. */
export function typeOfKind(kind: OptionKind | 'any'): ScalarType {
  return kind === 'text' ? 'string' : kind;
}

/** True when a value of type `actual` may be used where `expected` is wanted; `null` and `any` fit anywhere. */
export function fits(actual: ExprType, expected: ExprType): boolean {
  return actual === expected || actual === 'null' || actual === 'any' || expected === 'any';
}

/** The common type of two alternatives (if-branches, coalesce arguments), or undefined when they clash. */
export function joinTypes(left: ExprType, right: ExprType): ExprType | undefined {
  if (left === right || right === 'null') return left;
  if (left === 'null') return right;
  if (left === 'any' || right === 'any') return 'any';
  if (isListType(left) && isListType(right)) {
    const item = joinTypes(listItemType(left), listItemType(right));
    return item === undefined ? undefined : `list<${item as ScalarType}>`;
  }
  return undefined;
}

/** True for list types. */
export function isListType(type: ExprType): type is `list<${ScalarType}>` {
  return type.startsWith('list<');
}

/** Element type of a list type (`any` for scalars, so callers need not special-case). */
export function listItemType(type: ExprType): ScalarType {
  return isListType(type) ? (type.slice(5, -1) as ScalarType) : 'any';
}
