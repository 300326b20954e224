/**
 * The engine's source folders in layer order: a file imports only from its own folder and from folders listed
 * before it, and no import cycle joins two files (`stages.test.ts` checks both; tests are exempt). The package's
 * README lists the same order. `index.ts`, the package root, comes after every folder.
 */
export const STAGES = [
  'expr',
  'model',
  'problem',
  'diagram',
  'reasoning',
  'explanation',
  'compile',
  'session',
  'product',
  'ui-state',
  'product-session',
  'check',
  'testing',
] as const;
