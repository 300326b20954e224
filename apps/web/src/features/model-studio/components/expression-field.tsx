import type { ScalarType } from '@cpq/engine';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useMemo } from 'react';
import { expressionProblem } from '../logic/expression-check';
import type { TModel } from '../logic/model-edits';

type TExpressionFieldProps = {
  label: string;
  value: string;
  model: TModel;
  /** The type the expression's place needs; 'any' for output values. */
  expected: ScalarType | 'any';
  onChange: (value: string) => void;
  /** The server's error for this place from the last save, shown while the text has no problem of its own. */
  serverError?: string;
  /** An empty field is allowed (the expression is optional). */
  isOptional?: boolean;
  helperText?: string;
};

/**
 * A field for an expression of the rule language: the engine's parse and type errors show under it as the author
 * types, as the server would report them on save.
 */
export function ExpressionField(props: TExpressionFieldProps) {
  const { label, value, model, expected, onChange, serverError, isOptional, helperText } = props;
  const typed = useDeferredValue(value);
  const problem = useMemo(
    () => (isOptional && typed.trim() === '' ? null : expressionProblem(model, typed, expected)),
    [model, typed, expected, isOptional],
  );
  const message = problem ?? serverError;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(message)}
      helperText={message ?? helperText}
      fullWidth
      multiline
      minRows={1}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace' } } }}
    />
  );
}
