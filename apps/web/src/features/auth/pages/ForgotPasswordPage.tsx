import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconAt, IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LIMITS, MSG } from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useRecoveryMutation } from '../api/recovery';
import { HydrationGate } from '../../../components/HydrationGate';
import { AuthLayout } from '../components/AuthLayout';
import { forgotFailure, validateForgotEmail } from '../lib/recovery-form';

/**
 * /forgot-password (docs/product.md §2 Forgot password, §5, §8): the e-mail (required, valid format); on
 * success the toast MSG.recoverySent and /login after LIMITS.forgotPasswordRedirectMs (2 s).
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const mutation = useRecoveryMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!sent) return;
    const id = window.setTimeout(
      () => navigate('/login', { replace: true }),
      LIMITS.forgotPasswordRedirectMs,
    );
    return () => window.clearTimeout(id);
  }, [sent, navigate]);

  const clientError = validateForgotEmail(email);
  const emailError = serverError ?? (touched || submitted ? clientError : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || sent) return;
    setSubmitted(true);
    setFormError(null);
    if (clientError) {
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(
      { email: email.trim().toLowerCase() },
      {
        onSuccess: () => {
          notify.success(MSG.recoverySent);
          setSent(true);
        },
        onError: (error) => {
          const outcome = forgotFailure(error);
          setServerError(outcome.fieldErrors.email);
          setFormError(outcome.fieldErrors.email ? null : outcome.message);
          inputRef.current?.focus();
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle="Te enviaremos un enlace para elegir una nueva."
    >
      <form onSubmit={submit} noValidate>
        <HydrationGate>
          <Stack gap="md">
            {sent ? (
              <Alert
                color="green"
                variant="light"
                icon={<IconMailCheck aria-hidden />}
                role="status"
                title="Revisa tu correo"
              >
                {MSG.recoverySent}. El enlace es válido durante 60 minutos. Te llevamos al inicio de
                sesión…
              </Alert>
            ) : (
              <Text fz="sm" c="dimmed">
                Escribe el correo electrónico con el que te registraste. Si existe una cuenta con
                ese correo, recibirás un enlace de un solo uso para restablecer tu contraseña.
              </Text>
            )}
            <TextInput
              ref={inputRef}
              label="Correo electrónico"
              placeholder="tucorreo@ejemplo.com"
              type="email"
              inputMode="email"
              autoComplete="email"
              leftSection={<IconAt size={18} aria-hidden />}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setServerError(undefined);
                setFormError(null);
              }}
              onBlur={() => setTouched(true)}
              error={emailError}
              disabled={sent}
              required
            />

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

            <Button
              type="submit"
              size="md"
              fullWidth
              loading={mutation.isPending}
              disabled={sent}
              onMouseDown={(e) => e.preventDefault()}
            >
              Enviar instrucciones
            </Button>
            <Anchor component={Link} to="/login" fz="sm" ta="center">
              <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Volver a
              iniciar sesión
            </Anchor>
          </Stack>
        </HydrationGate>
      </form>
    </AuthLayout>
  );
}
