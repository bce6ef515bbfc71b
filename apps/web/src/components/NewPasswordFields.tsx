import { Box, PasswordInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { NewPasswordField } from '@domino/contracts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { confirmationState } from './new-password';

const TOGGLE = { 'aria-label': 'Mostrar u ocultar contraseña' };

const COPY = {
  /** Registration: the account's first password. */
  first: {
    password: 'Contraseña',
    description: undefined,
    confirmation: 'Confirmar contraseña',
    confirmationPlaceholder: 'Repite tu contraseña',
  },
  /** Reset by e-mail and change from the profile. */
  new: {
    password: 'Nueva contraseña',
    description: 'Al menos 8 caracteres, una letra mayúscula y un número.',
    confirmation: 'Confirmar nueva contraseña',
    confirmationPlaceholder: 'Repite la nueva contraseña',
  },
} as const;

export interface NewPasswordFieldsProps {
  /** `first` at registration, `new` for a reset or a change (labels and hint differ). */
  kind: 'first' | 'new';
  values: Record<NewPasswordField, string>;
  onChange(field: NewPasswordField, value: string): void;
  /** The field lost focus (forms that show their own errors once a field is touched). */
  onBlur?(field: NewPasswordField): void;
  passwordError?: string;
  /** The confirmation's errors: the server's, and the form's own (see confirmationState). */
  confirmationErrors?: { server?: string; form?: string };
}

/**
 * The new-password block of registration, password reset and password change: the password with
 * the strength meter (docs/product.md §5 scoring) and its confirmation with the live match indicator.
 */
export function NewPasswordFields({
  kind,
  values,
  onChange,
  onBlur,
  passwordError,
  confirmationErrors,
}: NewPasswordFieldsProps) {
  const copy = COPY[kind];
  const confirmation = confirmationState(
    values.password,
    values.password_confirmation,
    confirmationErrors,
  );
  return (
    <>
      <Box>
        <PasswordInput
          label={copy.password}
          placeholder="Mínimo 8 caracteres"
          description={copy.description}
          autoComplete="new-password"
          leftSection={<IconLock size={18} aria-hidden />}
          value={values.password}
          onChange={(e) => onChange('password', e.currentTarget.value)}
          onBlur={onBlur ? () => onBlur('password') : undefined}
          error={passwordError}
          visibilityToggleButtonProps={TOGGLE}
          visibilityToggleFocusable
          required
        />
        <Box mt={8}>
          <PasswordStrengthMeter password={values.password} />
        </Box>
      </Box>
      <PasswordInput
        label={copy.confirmation}
        placeholder={copy.confirmationPlaceholder}
        autoComplete="new-password"
        leftSection={<IconLock size={18} aria-hidden />}
        value={values.password_confirmation}
        onChange={(e) => onChange('password_confirmation', e.currentTarget.value)}
        onBlur={onBlur ? () => onBlur('password_confirmation') : undefined}
        error={confirmation.error}
        success={
          confirmation.matches && !confirmation.error ? 'Las contraseñas coinciden' : undefined
        }
        visibilityToggleButtonProps={TOGGLE}
        visibilityToggleFocusable
        required
      />
    </>
  );
}
