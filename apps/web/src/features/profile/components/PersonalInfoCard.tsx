import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconAt,
  IconEdit,
  IconLock,
  IconShieldCheck,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { MSG, MSG_PROTECTION, type User } from '@domino/contracts';
import { PHONE_HINT, PhoneInput } from '../../../components/PhoneInput';
import { notify } from '../../../lib/notify';
import { useSaveProfileMutation } from '../api/profile';
import {
  formatPhoneDisplay,
  formatProfileDate,
  needsCurrentPassword,
  orNotSpecified,
  profileFailure,
  profilePayload,
  profileValuesOf,
  roleBadge,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../lib/profile';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="md" fw={500} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The personal-information card (docs/product.md §2 Profile, §4): read view (name, e-mail, phone — each 'No
 * especificado' if empty — role, 'Fecha de registro', 'Última actualización') and, after Editar,
 * the edit form (name, e-mail, phone, role disabled with 'El rol no puede ser modificado';
 * 'Guardar Cambios' / 'Guardando...' and 'Cancelar'). Changing the e-mail or the phone shows a
 * 'Contraseña actual' field (docs/decisions/013). Cancel clears the errors and resets the form
 * from the current user; a successful save returns to the read view.
 */
export function PersonalInfoCard({ user }: { user: User | null }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useSaveProfileMutation();

  const startEditing = () => {
    setValues(profileValuesOf(user));
    setErrors({});
    setFormError(null);
    setEditing(true);
  };
  const cancel = () => {
    setValues(profileValuesOf(user));
    setErrors({});
    setFormError(null);
    setEditing(false);
  };
  const set = (field: ProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const clientErrors = validateProfile(values, user);
    setErrors(clientErrors);
    if (Object.values(clientErrors).some(Boolean)) {
      setFormError(MSG.formHasErrors);
      window.requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('#profile-form [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const sensitive = needsCurrentPassword(values, user);
    const emailChanged = values.email.trim().toLowerCase() !== user?.email.toLowerCase();
    mutation.mutate(profilePayload(values, user), {
      onSuccess: () => {
        if (sensitive)
          notify.success(
            emailChanged ? MSG_PROTECTION.noticeSentEmail : MSG_PROTECTION.noticeSent,
            MSG.profileUpdated,
          );
        else notify.success(MSG.profileUpdated);
        setValues((v) => ({ ...v, current_password: '' }));
        setEditing(false);
      },
      onError: (error) => {
        const outcome = profileFailure(error);
        setErrors(outcome.fieldErrors);
        setFormError(outcome.message);
        notify.error(outcome.message, MSG.profileUpdateError);
      },
    });
  };

  const askPassword = editing && needsCurrentPassword(values, user);

  return (
    <Card padding="lg" shadow="sm">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Información personal
        </Title>
        <Button
          variant={editing ? 'default' : 'light'}
          size="sm"
          leftSection={
            editing ? <IconX size={16} aria-hidden /> : <IconEdit size={16} aria-hidden />
          }
          onClick={editing ? cancel : startEditing}
          disabled={mutation.isPending}
          style={{ flexShrink: 0 }}
        >
          {editing ? 'Cancelar' : 'Editar'}
        </Button>
      </Group>

      {!editing ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <Row label="Nombre">{orNotSpecified(user?.name)}</Row>
          <Row label="Correo electrónico">{orNotSpecified(user?.email)}</Row>
          <Row label="Teléfono">{formatPhoneDisplay(user?.phone)}</Row>
          <Row label="Rol">{roleBadge(user?.rol)}</Row>
          <Row label="Fecha de registro">{formatProfileDate(user?.created_at)}</Row>
          <Row label="Última actualización">{formatProfileDate(user?.updated_at)}</Row>
        </SimpleGrid>
      ) : (
        <form id="profile-form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre"
                autoComplete="name"
                leftSection={<IconUser size={18} aria-hidden />}
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={errors.name}
                required
              />
              <TextInput
                label="Correo electrónico"
                type="email"
                inputMode="email"
                autoComplete="email"
                leftSection={<IconAt size={18} aria-hidden />}
                value={values.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={errors.email}
                required
              />
              <PhoneInput
                label="Teléfono"
                description={PHONE_HINT}
                value={values.phone}
                onChange={(text) => set('phone', text)}
                error={errors.phone}
                required
                data-testid="profile-phone"
              />
              <TextInput
                label="Rol"
                value={roleBadge(user?.rol)}
                description="El rol no puede ser modificado"
                leftSection={<IconShieldCheck size={18} aria-hidden />}
                disabled
                readOnly
              />
            </SimpleGrid>

            {askPassword && (
              <PasswordInput
                label="Contraseña actual"
                description={MSG_PROTECTION.contactChangeHint}
                autoComplete="current-password"
                leftSection={<IconLock size={18} aria-hidden />}
                value={values.current_password}
                onChange={(e) => set('current_password', e.currentTarget.value)}
                error={errors.current_password}
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
                required
                maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                data-testid="profile-current-password"
              />
            )}

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

            <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={cancel}
                disabled={mutation.isPending}
                w={{ base: '100%', xs: 'auto' }}
              >
                Cancelar
              </Button>
              <Button
                type="submit"
                disabled={mutation.isPending}
                leftSection={mutation.isPending ? <Loader size={14} color="gray" /> : undefined}
                onMouseDown={(e) => e.preventDefault()}
                w={{ base: '100%', xs: 'auto' }}
              >
                {mutation.isPending ? 'Guardando...' : 'Guardar Cambios'}
              </Button>
            </Flex>
          </Stack>
        </form>
      )}
    </Card>
  );
}
