import type { ScalarType } from '@cpq/engine';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { checkExpressionText } from '../logic/expression-check';
import type { TModel } from '../logic/model-edits';
import { ExpressionInput } from './expression-input';

/** How long typing pauses before the engine checks the text again: short enough to feel immediate. */
const CHECK_DELAY_MS = 150;

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

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A field for an expression of the rule language, used for every expression of the studio: coloured by the
 * engine's lexer, completing the model's names, values, parameters and functions, and showing the engine's parse
 * and type errors where they are and under the field as the author types, as the server would report them on save.
 */
export function ExpressionField(props: TExpressionFieldProps) {
  const { label, value, model, expected, onChange, serverError, isOptional, helperText } = props;
  const checked = useSettled(value, CHECK_DELAY_MS);
  const check = useMemo(
    () =>
      isOptional && checked.trim() === ''
        ? { message: null, errors: [] }
        : checkExpressionText(model, checked, expected),
    [model, checked, expected, isOptional],
  );
  const message = check.message ?? serverError;
  // Underlines are places in the checked text: while the author is still typing they would point elsewhere.
  const errors = checked === value ? check.errors : [];
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(message)}
      helperText={message ?? helperText}
      fullWidth
      multiline
      slotProps={{
        input: { inputComponent: ExpressionInput as never },
        htmlInput: { model, errors, onText: onChange },
      }}
    />
  );
}
