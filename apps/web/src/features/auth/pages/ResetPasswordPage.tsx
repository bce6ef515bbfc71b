import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLink } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  MSG,
  MSG_ACCOUNT,
  validateNewPassword,
  type NewPasswordErrors,
  type NewPasswordField,
  type NewPasswordValues,
} from '@domino/contracts';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { notify } from '../../../lib/notify';
import { endSessionLocally } from '../../../lib/session';
import { useResetPasswordMutation, useResetTokenCheck } from '../api/recovery';
import { AuthLayout } from '../components/AuthLayout';
import { resetFailure, resetTokenFrom } from '../lib/recovery-form';

/**
 * /reset-password?token=... (decision 006): the link of the recovery e-mail. A new password under the
 * registration rules (docs/product.md §5) with the same strength meter and match indicator as /register; on
 * success a toast and /login. A dead link (used, replaced, expired) offers a new one. Reachable
 * with or without a session; a session open in this browser ends with the reset.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const token = resetTokenFrom(location.search);
  const mutation = useResetPasswordMutation();
  const check = useResetTokenCheck(token);
  const [values, setValues] = useState<NewPasswordValues>({
    password: '',
    password_confirmation: '',
  });
  const [touched, setTouched] = useState<Partial<Record<NewPasswordField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<NewPasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState<string | null>(token ? null : MSG_ACCOUNT.tokenRequired);

  const clientErrors = validateNewPassword(values);
  const errorOf = (field: NewPasswordField) =>
    serverErrors[field] ?? (touched[field] || submitted ? clientErrors[field] : undefined);
  const set = (field: NewPasswordField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token || mutation.isPending) return;
    setSubmitted(true);
    setFormError(null);
    if (Object.values(clientErrors).some(Boolean)) {
      setFormError(MSG.formHasErrors);
      window.requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: (res) => {
          // The reset revoked every session of the account, this browser's included (the page
          // is reachable logged in): forget it here too, or /login would bounce to /dashboard.
          endSessionLocally();
          notify.success(res.message);
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          const outcome = resetFailure(error);
          if (outcome.linkDead) setLinkDead(outcome.message);
          else {
            setServerErrors(outcome.fieldErrors);
            setFormError(outcome.message);
          }
        },
      },
    );
  };

  // A link found dead when the page opens is explained at once, before any typing.
  const checkedDead = check.isError ? resetFailure(check.error) : null;
  const deadMessage = linkDead ?? (checkedDead?.linkDead ? checkedDead.message : null);

  if (check.isPending && token) {
    return (
      <AuthLayout title="Nueva contraseña" subtitle="Comprobando tu enlace de recuperación…">
        <Center py="xl" role="status" aria-label="Comprobando el enlace">
          <Loader type="dots" />
        </Center>
      </AuthLayout>
    );
  }

  if (deadMessage) {
    return (
      <AuthLayout title="Enlace no válido" subtitle="Solicita un nuevo enlace de recuperación.">
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconLink aria-hidden />} role="alert">
            {deadMessage}
          </Alert>
          <Text fz="sm" c="dimmed">
            Por seguridad, cada enlace sirve una sola vez, vence a los 60 minutos y deja de
            funcionar cuando pides uno nuevo.
          </Text>
          <Button component={Link} to="/forgot-password" size="md" fullWidth>
            Solicitar un nuevo enlace
          </Button>
          <Anchor component={Link} to="/login" fz="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Volver a
            iniciar sesión
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Nueva contraseña" subtitle="Elige una contraseña segura para tu cuenta.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Al guardarla se cerrará tu sesión en todos tus dispositivos y podrás entrar con la nueva
            contraseña.
          </Text>
          <NewPasswordFields
            kind="new"
            values={values}
            onChange={set}
            onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
            passwordError={errorOf('password')}
            confirmationErrors={{
              server: serverErrors.password_confirmation,
              form: errorOf('password_confirmation'),
            }}
          />

          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}

          <Button
            type="submit"
            size="md"
            fullWidth
            loading={mutation.isPending}
            onMouseDown={(e) => e.preventDefault()}
          >
            Guardar nueva contraseña
          </Button>
          <Anchor component={Link} to="/login" fz="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Volver a
            iniciar sesión
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
