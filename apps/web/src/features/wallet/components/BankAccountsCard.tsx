import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Collapse,
  Flex,
  Group,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBuildingBank, IconPlus } from '@tabler/icons-react';
import {
  MSG,
  MSG_PROTECTION,
  bankAccountRequestSchema,
  sortBanks,
  toFieldErrors,
  type Bank,
  type ClientData,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { digitsOnly } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAddBankAccountMutation } from '../api/wallet';
import { formatAccountNumber } from '../lib/account-format';

type Field =
  'bank_name' | 'account_number' | 'account_type' | 'account_holder' | 'current_password';

const ACCOUNT_TYPE_LABELS: Record<string, string> = { corriente: 'Corriente', ahorro: 'Ahorro' };

/**
 * The player's saved bank accounts and a small form to add one (POST /api/bank-accounts), which
 * always asks for the current password (docs/decisions/013).
 */
export function BankAccountsCard({
  accounts,
  banks,
}: {
  accounts: ClientData['bank_accounts'];
  banks: Bank[];
}) {
  const [open, setOpen] = useState(false);
  const mutation = useAddBankAccountMutation();
  const [values, setValues] = useState({
    bank_name: '',
    account_number: '',
    account_type: 'corriente' as 'corriente' | 'ahorro',
    account_holder: '',
    current_password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankAccountRequestSchema.safeParse(values);
    if (!parsed.success) {
      const fe = toFieldErrors(parsed.error);
      setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0]])));
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        setValues({
          bank_name: '',
          account_number: '',
          account_type: 'corriente',
          account_holder: '',
          current_password: '',
        });
        setOpen(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          setErrors(
            Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])),
          );
          if (Object.keys(error.fieldErrors).length === 0) setFormError(error.message);
          return;
        }
        setFormError(isApiError(error) ? error.message : MSG.unexpected);
      },
    });
  };

  return (
    <Card padding="lg" data-testid="bank-accounts">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="felt" size="lg" radius="md">
            <IconBuildingBank size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="md">
            Mis cuentas bancarias
          </Title>
        </Group>
        {!open && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setOpen(true)}
            style={{ flexShrink: 0 }}
          >
            Agregar
          </Button>
        )}
      </Group>
      {accounts.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Aún no tienes cuentas registradas. Son opcionales: el retiro se paga por Pago Móvil.
        </Text>
      ) : (
        <Stack gap="xs">
          {accounts.map((a) => (
            <Stack key={a.id} gap={0}>
              <Text fz="sm" fw={600}>
                {a.bank_name} · {ACCOUNT_TYPE_LABELS[a.account_type] ?? a.account_type}
              </Text>
              <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {/* One line: an account number never wraps inside its digits (decision 017). */}
                <span style={{ whiteSpace: 'nowrap' }} data-testid="bank-account-number">
                  {formatAccountNumber(a.account_number)}
                </span>{' '}
                · {a.account_holder}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      <Collapse expanded={open}>
        <form onSubmit={submit} noValidate aria-label="Agregar cuenta bancaria">
          <Stack gap="sm" mt="md">
            <Select
              label="Banco"
              placeholder="Selecciona el banco"
              data={sortBanks(banks).map((b) => ({
                value: b.name,
                label: `${b.name} (${b.code})`,
              }))}
              value={values.bank_name || null}
              onChange={(v) => set('bank_name', v ?? '')}
              error={errors.bank_name}
              searchable
              size="sm"
            />
            <TextInput
              label="Número de cuenta"
              placeholder="20 dígitos"
              inputMode="numeric"
              value={values.account_number}
              onChange={(e) => set('account_number', digitsOnly(e.currentTarget.value, 20))}
              error={errors.account_number}
              size="sm"
            />
            <Stack gap={4}>
              <Input.Label size="sm" mb={0}>
                Tipo de cuenta
              </Input.Label>
              <SegmentedControl
                data={[
                  { value: 'corriente', label: 'Corriente' },
                  { value: 'ahorro', label: 'Ahorro' },
                ]}
                value={values.account_type}
                onChange={(v) => set('account_type', v)}
                size="sm"
              />
            </Stack>
            <TextInput
              label="Titular"
              value={values.account_holder}
              onChange={(e) => set('account_holder', e.currentTarget.value)}
              error={errors.account_holder}
              size="sm"
            />
            <PasswordInput
              label="Contraseña actual"
              description={MSG_PROTECTION.bankChangeHint}
              autoComplete="current-password"
              value={values.current_password}
              onChange={(e) => set('current_password', e.currentTarget.value)}
              error={errors.current_password}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar contraseña' }}
              required
              size="sm"
              data-testid="bank-current-password"
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
            {/* Stacked on phones: side by side, "Guardar cuenta" was cut at 360 px. */}
            <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="xs">
              <Button variant="default" size="sm" onClick={() => setOpen(false)} flex={1}>
                Cancelar
              </Button>
              <Button type="submit" size="sm" loading={mutation.isPending} flex={1}>
                Guardar cuenta
              </Button>
            </Flex>
          </Stack>
        </form>
      </Collapse>
    </Card>
  );
}
