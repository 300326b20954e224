import { describe, expect, it } from 'vitest';
import { expressionProblem } from './expression-check';
import type { TModel } from './model-edits';

const model: TModel = {
  id: 'desk',
  name: 'Desk',
  version: 1,
  options: [
    { id: 'top', caption: 'Top', kind: 'single', displayType: 'dropdown', values: [{ value: 'oak' }] },
    { id: 'width', caption: 'Width', kind: 'number', displayType: 'numerictextbox', range: { min: 1, max: 9 } },
  ],
  pages: [],
  constraints: [],
};

describe('expressionProblem', () => {
  it('accepts a well-typed expression', () => {
    expect(expressionProblem(model, "top = 'oak' implies width > 2", 'boolean')).toBeNull();
    expect(expressionProblem(model, 'width * 100', 'number')).toBeNull();
  });

  it('says what the engine says, with the place in the text', () => {
    expect(expressionProblem(model, "tpo = 'oak'", 'boolean')).toBe("unknown option 'tpo' at 1:1");
    expect(expressionProblem(model, "top == 'oak'", 'boolean')).toBe("unexpected '==': use '=' to compare at 1:5");
    expect(expressionProblem(model, 'width * 2', 'boolean')).toMatch(/must be boolean/);
    expect(expressionProblem(model, '  ', 'boolean')).toBe('Write an expression.');
  });
});
