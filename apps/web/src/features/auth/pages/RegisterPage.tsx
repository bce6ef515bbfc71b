import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconAt,
  IconCalendar,
  IconCircleCheck,
  IconCircleX,
  IconId,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { caracasToday, DOCUMENT_TYPES, LIMITS, MSG, MSG_USERNAME } from '@domino/contracts';
import { PHONE_HINT, PhoneInput } from '../../../components/PhoneInput';
import { phonePayload } from '../../../components/phone-field';
import { digitsOnly } from '../../../lib/format';
import { startSession } from '../../../lib/session';
import { loadSocketClient } from '../../../lib/user-socket';
import { useRegisterMutation } from '../api/auth';
import {
  useAvailability,
  useAvailabilityAnswer,
  useCheckAvailabilityNow,
  type AvailabilityStatus,
} from '../api/availability';
import { HydrationGate } from '../../../components/HydrationGate';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import {
  canSubmitRegister,
  EMPTY_REGISTER_VALUES,
  registerFailure,
  registerPayload,
  validateRegister,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
} from '../lib/register-form';

/** UI copy that is not a validation message (labels, hints). */
const COPY = {
  available: 'Disponible',
};

const DOCUMENT_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  V: 'V - Venezolano',
  E: 'E - Extranjero',
};

function StatusIcon({ status }: { status: AvailabilityStatus }) {
  if (status === 'available') {
    return (
      <IconCircleCheck
        size={20}
        color="var(--mantine-color-green-7)"
        aria-label={COPY.available}
        role="img"
      />
    );
  }
  if (status === 'taken') {
    return <IconCircleX size={20} color="var(--mantine-color-red-7)" aria-hidden />;
  }
  return null;
}

/** /register (docs/product.md §2 Register, §5 validation, §8 errors). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const mutation = useRegisterMutation();
  const checkNow = useCheckAvailabilityNow();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clientErrors = useMemo(() => validateRegister(values), [values]);

  const emailStatus = useAvailability(
    'email',
    clientErrors.email ? null : { email: values.email.trim().toLowerCase() },
  );
  const identityStatus = useAvailability(
    'identity',
    clientErrors.type_identification || clientErrors.n_identification
      ? null
      : {
          type_identification: values.type_identification,
          n_identification: values.n_identification,
        },
  );
  const username = useAvailabilityAnswer(
    'username',
    clientErrors.username ? null : { username: values.username.trim() },
  );
  const phoneStatus = useAvailability(
    'phone',
    clientErrors.phone ? null : { phone: phonePayload(values.phone) },
  );

  const takenErrors: RegisterErrors = {
    email: emailStatus === 'taken' ? MSG.emailTaken : undefined,
    username: username.status === 'taken' ? (username.message ?? MSG_USERNAME.taken) : undefined,
    n_identification: identityStatus === 'taken' ? MSG.identificationTaken : undefined,
    phone: phoneStatus === 'taken' ? MSG.phoneTaken : undefined,
  };

  const errorOf = (field: RegisterField): string | undefined =>
    serverErrors[field] ??
    (touched[field] || submitted ? clientErrors[field] : undefined) ??
    takenErrors[field];

  const set = <F extends RegisterField>(field: F, value: RegisterValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFormError(null);
  };
  const touch = (field: RegisterField) => () => setTouched((t) => ({ ...t, [field]: true }));

  const focusFirstError = () => {
    window.requestAnimationFrame(() => {
      const invalid = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
      invalid?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);

    // The email must be known to be available (docs/product.md §5); ask now if the live check has not answered.
    let emailAvailable = emailStatus !== 'taken';
    if (!clientErrors.email && emailStatus !== 'available' && emailStatus !== 'taken') {
      const answer = await checkNow('email', { email: values.email.trim().toLowerCase() });
      emailAvailable = answer !== false;
    }
    const blockingTaken = Object.values(takenErrors).some(Boolean);
    const noServerErrors = Object.values(serverErrors).every((e) => !e);
    if (
      !canSubmitRegister(values, clientErrors, emailAvailable) ||
      blockingTaken ||
      !noServerErrors
    ) {
      setFormError(MSG.formHasErrors);
      focusFirstError();
      return;
    }

    // The socket client downloads while the account is created (lib/user-socket.ts).
    void loadSocketClient().catch(() => undefined);
    mutation.mutate(registerPayload(values), {
      onSuccess: (auth) => {
        startSession(auth);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        const outcome = registerFailure(error);
        setServerErrors(outcome.fieldErrors);
        setFormError(outcome.message);
        focusFirstError();
      },
    });
  };

  return (
    <AuthLayout title="Crear cuenta" subtitle="Regístrate gratis y juega en minutos." size={520}>
      <form onSubmit={submit} noValidate>
        <HydrationGate>
          <Stack gap="md">
            <TextInput
              label="Nombre completo"
              placeholder="Ej. María Pérez"
              autoComplete="name"
              leftSection={<IconUser size={18} aria-hidden />}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              onBlur={touch('name')}
              error={errorOf('name')}
              required
            />

            <TextInput
              label="Correo electrónico"
              placeholder="tucorreo@ejemplo.com"
              type="email"
              inputMode="email"
              autoComplete="email"
              leftSection={<IconAt size={18} aria-hidden />}
              rightSection={<StatusIcon status={emailStatus} />}
              loading={emailStatus === 'checking'}
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              onBlur={touch('email')}
              error={errorOf('email')}
              required
            />

            <TextInput
              label="Nombre de usuario"
              description="Así te verán tus amigos y rivales: 3 a 20 letras, números o _ . -"
              placeholder="Ej. ElPana22"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              leftSection={<IconUserCircle size={18} aria-hidden />}
              rightSection={<StatusIcon status={username.status} />}
              loading={username.status === 'checking'}
              value={values.username}
              onChange={(e) => set('username', e.currentTarget.value)}
              onBlur={touch('username')}
              error={errorOf('username')}
              required
              data-testid="register-username"
            />

            <CompositeField
              label="Documento de identidad"
              inputId="register-identification"
              error={errorOf('type_identification') ?? errorOf('n_identification')}
            >
              {(describedBy) => (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <NativeSelect
                    aria-label="Tipo de documento"
                    aria-describedby={describedBy}
                    w={88}
                    data={DOCUMENT_TYPES.map((t) => ({ value: t, label: t }))}
                    title={DOCUMENT_LABELS[values.type_identification as 'V' | 'E']}
                    value={values.type_identification}
                    onChange={(e) => set('type_identification', e.currentTarget.value)}
                    error={Boolean(errorOf('type_identification'))}
                  />
                  <TextInput
                    id="register-identification"
                    aria-describedby={describedBy}
                    style={{ flex: 1 }}
                    placeholder="12345678"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={LIMITS.identificationMaxDigits}
                    leftSection={<IconId size={18} aria-hidden />}
                    rightSection={<StatusIcon status={identityStatus} />}
                    loading={identityStatus === 'checking'}
                    value={values.n_identification}
                    onChange={(e) =>
                      set(
                        'n_identification',
                        digitsOnly(e.currentTarget.value, LIMITS.identificationMaxDigits),
                      )
                    }
                    onBlur={touch('n_identification')}
                    error={Boolean(errorOf('n_identification'))}
                    required
                  />
                </Group>
              )}
            </CompositeField>

            <PhoneInput
              label="Teléfono"
              description={PHONE_HINT}
              rightSection={<StatusIcon status={phoneStatus} />}
              loading={phoneStatus === 'checking'}
              value={values.phone}
              onChange={(text) => set('phone', text)}
              onBlur={touch('phone')}
              error={errorOf('phone')}
              required
              data-testid="register-phone"
            />

            <NewPasswordFields
              kind="first"
              values={values}
              onChange={set}
              onBlur={(field) => touch(field)()}
              passwordError={errorOf('password')}
              confirmationErrors={{
                server: serverErrors.password_confirmation,
                form: errorOf('password_confirmation'),
              }}
            />

            <TextInput
              type="date"
              label="Fecha de nacimiento"
              leftSection={<IconCalendar size={18} aria-hidden />}
              value={values.birth_date}
              max={caracasToday()}
              onChange={(e) => set('birth_date', e.currentTarget.value)}
              onBlur={touch('birth_date')}
              error={errorOf('birth_date')}
              required
              data-testid="register-birth-date"
            />

            <Checkbox
              checked={values.adult_declaration}
              onChange={(e) => {
                set('adult_declaration', e.currentTarget.checked);
                setTouched((t) => ({ ...t, adult_declaration: true }));
              }}
              error={errorOf('adult_declaration')}
              label={MSG_USERNAME.adultDeclarationLabel}
              data-testid="register-adult"
            />

            <Checkbox
              checked={values.terms}
              onChange={(e) => {
                set('terms', e.currentTarget.checked);
                setTouched((t) => ({ ...t, terms: true }));
              }}
              error={errorOf('terms')}
              label={
                <>
                  Acepto los{' '}
                  <Anchor component={Link} to="/terms" target="_blank" rel="noopener">
                    términos y condiciones
                  </Anchor>
                </>
              }
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
              // Keep focus in the field: its blur would show an error above the button, moving the
              // button before mouseup and swallowing the click.
              onMouseDown={(e) => e.preventDefault()}
            >
              Crear cuenta
            </Button>
            <Text ta="center" fz="sm">
              ¿Ya tienes una cuenta?{' '}
              <Anchor component={Link} to="/login" fw={600}>
                Inicia sesión
              </Anchor>
            </Text>
          </Stack>
        </HydrationGate>
      </form>
    </AuthLayout>
  );
}

/**
 * One label and one error line for two inputs side by side (document type + number). The label points at the main input; both inputs are described by the error.
 */
function CompositeField({
  label,
  inputId,
  error,
  children,
}: {
  label: string;
  inputId: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const errorId = `${inputId}-error`;
  return (
    <Input.Wrapper
      size="md"
      label={label}
      labelProps={{ htmlFor: inputId }}
      required
      error={error}
      errorProps={{ id: errorId }}
    >
      {children(error ? errorId : undefined)}
    </Input.Wrapper>
  );
}
