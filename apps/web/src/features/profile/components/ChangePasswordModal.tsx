import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { MSG, MSG_ACCOUNT, validateNewPassword, type NewPasswordField } from '@domino/contracts';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { isApiError, NO_RESPONSE } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useChangePasswordMutation } from '../api/profile';

type Field = 'current_password' | NewPasswordField;
type Values = Record<Field, string>;
const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/**
 * 'Cambiar Contraseña' (docs/product.md §2 Profile quick actions; decision 006): the current password and a new one
 * under the registration rules (docs/product.md §5) with the strength meter and the match indicator. On
 * success the other sessions are closed by the server; this one stays.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mutation = useChangePasswordMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    if (mutation.isPending) return;
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    onClose();
  };
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: Partial<Record<Field, string>> = validateNewPassword(values);
    if (values.current_password === '') next.current_password = MSG_ACCOUNT.currentPasswordRequired;
    else if (values.password !== '' && values.password === values.current_password)
      next.password ??= MSG_ACCOUNT.newPasswordSameAsCurrent;
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      setFormError(MSG.formHasErrors);
      return;
    }
    mutation.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message);
        setValues(EMPTY);
        setErrors({});
        setFormError(null);
        onClose();
      },
      onError: (error) => {
        if (!isApiError(error)) return setFormError(MSG.unexpected);
        if (error.status === NO_RESPONSE) return setFormError(MSG.networkError);
        if (error.status === 422) {
          const fieldErrors: Partial<Record<Field, string>> = {};
          for (const field of ['current_password', 'password', 'password_confirmation'] as const) {
            const first = error.fieldErrors[field]?.[0];
            if (first) fieldErrors[field] = first;
          }
          setErrors(fieldErrors);
          setFormError(fieldErrors.current_password ?? MSG.formHasErrors);
          return;
        }
        setFormError(error.message);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Cambiar Contraseña"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Por seguridad, al cambiarla se cerrará tu sesión en los demás dispositivos. Esta sesión
            seguirá abierta.
          </Text>
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            leftSection={<IconLock size={18} aria-hidden />}
            value={values.current_password}
            onChange={(e) => set('current_password', e.currentTarget.value)}
            error={errors.current_password}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
            visibilityToggleFocusable
            data-autofocus
            required
          />
          <NewPasswordFields
            kind="new"
            values={values}
            onChange={set}
            passwordError={errors.password}
            confirmationErrors={{ server: errors.password_confirmation }}
          />
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              onMouseDown={(e) => e.preventDefault()}
            >
              Guardar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
