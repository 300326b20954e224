import type { Control, FieldPath } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import type { TConnectionsForm, TConnectionsRequest } from './connections-form.schema';

type TFieldProps = {
  control: Control<TConnectionsForm, unknown, TConnectionsRequest>;
  name: FieldPath<TConnectionsForm>;
  label: string;
};

/** A connection setting; the browser offers none of the administrator's own saved sign-ins here. */
export function SettingsField({ type, placeholder, ...props }: TFieldProps & { type?: string; placeholder?: string }) {
  return (
    <FormTextField {...props} type={type} placeholder={placeholder} required autoComplete="off" spellCheck={false} />
  );
}

/** The hint of a stored secret: it is never sent to the browser, so the field starts empty. */
export const SECRET_STORED_HINT = 'Saved — leave empty to keep';

/** A password or secret: never filled in; a stored one says so, and an empty field keeps it. */
export function SecretField({ isStored, ...props }: TFieldProps & { isStored: boolean }) {
  return (
    <FormTextField
      {...props}
      type="password"
      autoComplete="new-password"
      required={!isStored}
      placeholder={isStored ? SECRET_STORED_HINT : undefined}
      isLabelFloating={isStored}
    />
  );
}
