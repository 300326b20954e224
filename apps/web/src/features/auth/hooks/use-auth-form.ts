import { type ChangeEvent, type FormEvent, useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { z } from 'zod';

/** A form's zod schema, loaded on demand (zod stays out of the first download; see auth-schemas.ts). */
export type TLazySchema<TIn, TOut> = { load: () => Promise<z.ZodType<TOut, TIn>> };

type TErrors<TIn> = Partial<Record<keyof TIn & string, string>>;

/** What a text field of the form takes: its value, its change handler, its error under it. */
export type TAuthFieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error: boolean;
  helperText?: string;
};

/** The first message of each field, as react-hook-form's zod resolver reports them (a union's first alternative). */
function errorsOf<TIn>(error: z.ZodError): TErrors<TIn> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    const first = issue.code === 'invalid_union' ? issue.errors[0]?.[0] : undefined;
    errors[key] ??= first?.message ?? issue.message;
  }
  return errors as TErrors<TIn>;
}

/**
 * The sign-in screens' forms: values, validation by the form's schema on submit only (errors stay until the next
 * submit), and focus on the first field in error. It does what these forms asked of react-hook-form, whose 14 KiB
 * gzip would otherwise be a tenth of the sign-in page's first download.
 */
export function useAuthForm<TIn extends Record<string, unknown>, TOut>(
  schema: TLazySchema<TIn, TOut>,
  defaultValues: NoInfer<TIn>,
) {
  // Values live in a ref so that a submit in the same event as a change (the code field's sixth digit) sees it.
  const values = useRef<TIn>(defaultValues);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const inputRefs = useRef(new Map<string, (element: HTMLInputElement | null) => void>());
  const [errors, setErrors] = useState<TErrors<TIn>>({});
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  const setValue = useCallback(<K extends keyof TIn>(name: K, value: TIn[K]) => {
    values.current = { ...values.current, [name]: value };
    rerender();
  }, []);

  const setFocus = useCallback((name: keyof TIn & string) => inputs.current.get(name)?.focus(), []);

  const form = useMemo(() => {
    const getValues = () => values.current;
    const setError = (name: keyof TIn & string, message: string) =>
      setErrors((current) => ({ ...current, [name]: message }));
    const reset = (next: TIn) => {
      values.current = next;
      setErrors({});
      rerender();
    };
    const handleSubmit = (onValid: (data: TOut) => Promise<void> | void) => async (event?: FormEvent) => {
      event?.preventDefault();
      const result = await (await schema.load()).safeParseAsync(values.current);
      if (!result.success) {
        const found = errorsOf<TIn>(result.error);
        setErrors(found);
        // The first field in error on the page takes the focus.
        const [first] = [...inputs.current.entries()]
          .filter(([name]) => name in found)
          .map(([, element]) => element)
          .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        first?.focus();
        return;
      }
      setErrors({});
      await onValid(result.data);
    };
    return { getValues, setError, reset, handleSubmit };
  }, [schema]);

  /** The field's ref callback, one per name so that React does not detach and attach it at every render. */
  const inputRefOf = (name: string) => {
    let ref = inputRefs.current.get(name);
    if (!ref) {
      ref = (element) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      };
      inputRefs.current.set(name, ref);
    }
    return ref;
  };

  /** Props for a text field bound to `name` (TextInput takes them as they are). */
  const field = (name: keyof TIn & string): TAuthFieldProps => ({
    name,
    value: String(values.current[name] ?? ''),
    onChange: (event) => setValue(name, event.target.value as TIn[typeof name]),
    inputRef: inputRefOf(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  return { ...form, values: values.current, errors, setValue, setFocus, field };
}
