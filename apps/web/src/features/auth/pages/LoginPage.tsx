import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { redirectTargetFromSearch } from '../../../lib/redirect';
import { startSession } from '../../../lib/session';
import { loadSocketClient } from '../../../lib/user-socket';
import { useLoginMutation } from '../api/auth';
import { HydrationGate } from '../../../components/HydrationGate';
import { AuthLayout } from '../components/AuthLayout';
import {
  loginFailure,
  validateLogin,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '../lib/login-form';

/** /login (docs/product.md §2 Login, §5, §8). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setField = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const clientErrors = validateLogin(values);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;

    // The socket client downloads while the server checks the password (lib/user-socket.ts).
    void loadSocketClient().catch(() => undefined);
    mutation.mutate(
      { email: values.email.trim(), password: values.password, remember: values.remember },
      {
        onSuccess: (auth) => {
          startSession(auth);
          navigate(redirectTargetFromSearch(location.search), { replace: true });
        },
        onError: (error) => {
          const outcome = loginFailure(error);
          setErrors(outcome.fieldErrors);
          setFormError(outcome.message);
        },
      },
    );
  };

  return (
    <AuthLayout title="Iniciar Sesión" subtitle="Entra a tu cuenta y vuelve a la mesa.">
      <form onSubmit={submit} noValidate>
        <HydrationGate>
          <Stack gap="md">
            <TextInput
              label="Correo electrónico"
              placeholder="tucorreo@ejemplo.com"
              type="email"
              autoComplete="email"
              inputMode="email"
              leftSection={<IconAt size={18} aria-hidden />}
              value={values.email}
              onChange={(e) => setField('email', e.currentTarget.value)}
              error={errors.email}
              required
            />
            <PasswordInput
              label="Contraseña"
              placeholder="Tu contraseña"
              autoComplete="current-password"
              leftSection={<IconLock size={18} aria-hidden />}
              value={values.password}
              onChange={(e) => setField('password', e.currentTarget.value)}
              error={errors.password}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
              visibilityToggleFocusable
              required
            />
            <Group justify="space-between" gap="xs">
              <Checkbox
                label="Recordarme"
                checked={values.remember}
                onChange={(e) => {
                  // Read now: React clears currentTarget once the handler returns, before the
                  // updater below runs (decision 017: reading it there crashed the page).
                  const remember = e.currentTarget.checked;
                  setValues((v) => ({ ...v, remember }));
                }}
              />
              <Anchor component={Link} to="/forgot-password" fz="sm">
                ¿Olvidaste tu contraseña?
              </Anchor>
            </Group>

            {formError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
                {formError}
              </Alert>
            )}

            <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
              Iniciar Sesión
            </Button>
            <Text ta="center" fz="sm">
              ¿No tienes una cuenta?{' '}
              <Anchor component={Link} to="/register" fw={600}>
                Regístrate
              </Anchor>
            </Text>
          </Stack>
        </HydrationGate>
      </form>
    </AuthLayout>
  );
}
