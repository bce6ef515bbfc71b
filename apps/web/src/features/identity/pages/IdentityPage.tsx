import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconClockHour4,
  IconCircleCheck,
  IconId,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DOCUMENT_TYPES, MSG, formatBs, type IdentityStatus, type User } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatCaracasDateTime } from '../../../lib/format';
import { useIdentityStatus } from '../../../lib/identity';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSubmitIdentity } from '../api/identity';
import { PhotoPicker } from '../components/PhotoPicker';
import {
  photoProblem,
  validateIdentity,
  type IdentityErrors,
  type IdentityField,
} from '../lib/identity-form';

const DOCUMENT_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  V: 'V',
  E: 'E',
};

/**
 * /verificacion (docs/decisions/031-identity-verification.md): the player's verification state
 * and, when they have none or it was rejected, the form: the cédula's type, number and full name
 * as printed, a photo of the cédula and a selfie holding it. Staff review it in /admin/identidad.
 */
export default function IdentityPage() {
  const status = useIdentityStatus();
  const { user } = useSession();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Group gap="sm" wrap="nowrap" align="center" mb="lg">
        <ThemeIcon size={44} radius="md" variant="light" color="felt" visibleFrom="xs">
          <IconId size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Verificación de identidad
          </Title>
          <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
            Protegemos tus retiros confirmando que la cuenta es tuya.
          </Text>
        </Stack>
      </Group>
      {status.isPending ? (
        <Center py={64} role="status">
          <Loader type="dots" />
        </Center>
      ) : status.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {isApiError(status.error) ? status.error.message : MSG.unexpected}
        </Alert>
      ) : (
        <Stack gap="md">
          <StateNotice status={status.data} />
          {(status.data.state === 'none' || status.data.state === 'rejected') && user && (
            <IdentityForm key={user.id} user={user} />
          )}
        </Stack>
      )}
    </Container>
  );
}

function StateNotice({ status }: { status: IdentityStatus }) {
  const rule =
    status.threshold > 0
      ? `Los retiros de más de ${formatBs(Math.round(status.threshold * 100))} exigen una identidad verificada.`
      : 'Todo retiro exige una identidad verificada.';
  switch (status.state) {
    case 'verified':
      return (
        <Alert
          color="teal"
          variant="light"
          icon={<IconRosetteDiscountCheck aria-hidden />}
          title="Identidad verificada"
          data-testid="identity-state"
          data-state="verified"
        >
          <Text fz="sm">
            Ya puedes retirar tu saldo.{' '}
            <Link to="/withdraw" style={{ color: 'inherit', fontWeight: 600 }}>
              Ir a retirar
            </Link>
          </Text>
        </Alert>
      );
    case 'pending':
      return (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 aria-hidden />}
          title="Verificación en revisión"
          data-testid="identity-state"
          data-state="pending"
        >
          <Text fz="sm">
            Enviaste tus fotos el {formatCaracasDateTime(status.request?.created_at ?? '')}. El
            personal las revisará en breve; te avisaremos aquí y en tu perfil.
          </Text>
        </Alert>
      );
    case 'rejected':
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title="Tu verificación fue rechazada"
          data-testid="identity-state"
          data-state="rejected"
        >
          <Text fz="sm">
            Motivo: <b data-testid="identity-reason">{status.request?.reason}</b>
          </Text>
          <Text fz="sm" mt={4}>
            Corrige lo indicado y envía tus fotos de nuevo.
          </Text>
        </Alert>
      );
    default:
      return (
        <Card padding="lg" shadow="sm" data-testid="identity-state" data-state="none">
          <Text fz="sm" mb="xs">
            {rule} Necesitamos:
          </Text>
          <List
            size="sm"
            spacing={4}
            icon={<IconCircleCheck size={16} color="var(--mantine-color-felt-6)" aria-hidden />}
          >
            <List.Item>Una foto clara de tu cédula, con los datos legibles.</List.Item>
            <List.Item>Una selfie sosteniendo tu cédula junto a tu cara.</List.Item>
            <List.Item>Tu nombre completo tal como aparece en la cédula.</List.Item>
          </List>
          <Text fz="xs" c="dimmed" mt="sm">
            Solo el personal ve tus fotos. Guardamos una copia sin los datos ocultos de la imagen
            (ubicación, cámara).
          </Text>
        </Card>
      );
  }
}

function IdentityForm({ user }: { user: User }) {
  const submitMutation = useSubmitIdentity();
  const [type, setType] = useState<string | null>(user.type_identification);
  const [number, setNumber] = useState(user.n_identification);
  const [fullName, setFullName] = useState(user.name);
  const [document, setDocument] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [errors, setErrors] = useState<IdentityErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: IdentityField) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };
  const pick = (field: 'document' | 'selfie', file: File) => {
    (field === 'document' ? setDocument : setSelfie)(file);
    setErrors((e) => ({ ...e, [field]: photoProblem(file) ?? undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitMutation.isPending) return;
    const values = {
      type_identification: type ?? '',
      n_identification: number,
      full_name: fullName,
      document,
      selfie,
    };
    const found = validateIdentity(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !document || !selfie) return;
    submitMutation.mutate(
      { ...values, document, selfie },
      {
        onSuccess: (res) => notify.success(res.message),
        onError: (error) => {
          if (!isApiError(error)) return setFormError(MSG.unexpected);
          const next: IdentityErrors = {};
          for (const [field, messages] of Object.entries(error.fieldErrors))
            next[field as IdentityField] = messages[0];
          setErrors(next);
          if (Object.keys(next).length === 0) setFormError(error.message);
        },
      },
    );
  };

  return (
    <Card
      padding="lg"
      shadow="sm"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Verificación de identidad"
    >
      <Stack gap="md">
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Tus datos y tus fotos
        </Title>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Select
            w={88}
            label="Tipo"
            data={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_LABELS[t] }))}
            value={type}
            onChange={(v) => {
              setType(v);
              clear('type_identification');
            }}
            allowDeselect={false}
            error={errors.type_identification}
            data-testid="identity-type"
          />
          <TextInput
            label="Número de cédula"
            inputMode="numeric"
            value={number}
            onChange={(e) => {
              setNumber(e.currentTarget.value.replace(/\D/g, ''));
              clear('n_identification');
            }}
            error={errors.n_identification}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="identity-number"
          />
        </Group>
        <TextInput
          label="Nombre completo (como aparece en la cédula)"
          value={fullName}
          onChange={(e) => {
            setFullName(e.currentTarget.value);
            clear('full_name');
          }}
          error={errors.full_name}
          maxLength={120}
          data-testid="identity-full-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PhotoPicker
            name="document"
            label="Foto de tu cédula"
            hint="Toca para elegir la foto de tu cédula"
            file={document}
            error={errors.document}
            onPick={(f) => pick('document', f)}
            onRemove={() => {
              setDocument(null);
              clear('document');
            }}
          />
          <PhotoPicker
            name="selfie"
            label="Selfie sosteniendo tu cédula"
            hint="Toca para elegir tu selfie con la cédula"
            file={selfie}
            error={errors.selfie}
            onPick={(f) => pick('selfie', f)}
            onRemove={() => {
              setSelfie(null);
              clear('selfie');
            }}
          />
        </SimpleGrid>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={submitMutation.isPending}
          data-testid="identity-submit"
        >
          Enviar verificación
        </Button>
      </Stack>
    </Card>
  );
}
