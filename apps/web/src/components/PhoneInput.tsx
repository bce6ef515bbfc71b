import { TextInput, type TextInputProps } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { phoneTextOnBlur } from './phone-field';

/** The hint under every phone field: the shapes it takes. */
/** (A non-breaking hyphen keeps the example on one line on a 360 px phone.) */
export const PHONE_HINT = 'Completo, como lo escribas: 0412‑707.23.40 o +58 412 7072340';

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** The text as typed (the form keeps it; components/phone-field.ts reads it). */
  value: string;
  onChange: (text: string) => void;
};

/**
 * The one phone input of the app (decision 040): a whole Venezuelan mobile number in any usual
 * shape, kept exactly as typed — no length limit, no character dropped — and shown back formatted
 * ("0412-707.23.40") when the player leaves the field, if it is a valid number. The parser of
 * packages/contracts/src/phone.ts decides validity; the caller shows its message as `error`.
 */
export function PhoneInput({ value, onChange, onBlur, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="0412-707.23.40"
      leftSection={<IconPhone size={18} aria-hidden />}
      {...props}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const shown = phoneTextOnBlur(value);
        if (shown !== value) onChange(shown);
        onBlur?.(e);
      }}
    />
  );
}
