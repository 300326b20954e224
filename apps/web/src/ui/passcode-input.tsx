import type { Ref } from 'react';
import { TextInput, type TTextInputProps } from './text-input';

/** The code is shown as 'nnn nnn': seven characters with the space. */
export const PASSCODE_LENGTH = 7;

/**
 * Formats typed text as 'nnn nnn': spaces the user typed are dropped, a space goes in after the third character,
 * and the result is cut at seven characters. Letters are kept so that validation can say what is wrong.
 */
export function formatPasscode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').slice(0, 6);
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

type TPasscodeInputProps = Omit<TTextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Called with the formatted value once it reaches seven characters. */
  onComplete: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/** One input for a six-digit authenticator code; it spaces the digits and submits itself when complete. */
export function PasscodeInput({ value, onChange, onComplete, ...props }: TPasscodeInputProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => {
        const next = formatPasscode(event.target.value);
        onChange(next);
        if (next.length === PASSCODE_LENGTH && next !== value) onComplete(next);
      }}
      inputProps={{
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        maxLength: PASSCODE_LENGTH,
        style: { fontSize: '1.75rem', letterSpacing: '0.3em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
      }}
    />
  );
}
