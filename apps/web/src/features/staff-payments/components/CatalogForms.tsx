import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  HOLDER_DOCUMENT_TYPES,
  MSG,
  type AdminBank,
  type AdminRechargeAccount,
  type FieldErrors,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { digitsOnly } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PHONE_HINT, PhoneInput } from '../../../components/PhoneInput';
import { phoneFieldText } from '../../../components/phone-field';
import { useCatalogAction } from '../api/catalog';
import { accountFormErrors, bankFormErrors, type AccountForm } from '../lib/catalog';

/** Applies a failed save: 422 field errors next to their fields, anything else above the buttons. */
function failure(
  error: unknown,
  setErrors: (e: FieldErrors) => void,
  setFormError: (m: string) => void,
) {
  if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
  else setFormError(isApiError(error) ? error.message : MSG.unexpected);
}

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

/** Create (bank null) or edit a bank: 4-digit code and name. */
export function BankFormModal({
  bank,
  opened,
  onClose,
}: {
  bank: AdminBank | null;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={bank ? `Editar ${bank.name}` : 'Nuevo banco'}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <BankForm key={bank?.id ?? 'new'} bank={bank} onDone={onClose} />}
    </Modal>
  );
}

function BankForm({ bank, onDone }: { bank: AdminBank | null; onDone(): void }) {
  const action = useCatalogAction();
  const [code, setCode] = useState(bank?.code ?? '');
  const [name, setName] = useState(bank?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { code, name };
    const found = bankFormErrors(input);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || action.isPending) return;
    action.mutate(
      bank ? { kind: 'bank.update', id: bank.id, input } : { kind: 'bank.create', input },
      {
        onSuccess: () => {
          notify.success(bank ? 'Banco actualizado' : 'Banco creado');
          onDone();
        },
        onError: (e) => failure(e, setErrors, setFormError),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Banco">
      <Stack gap="md">
        <TextInput
          label="Código"
          description="4 dígitos, p. ej. 0102"
          value={code}
          onChange={(e) => setCode(digitsOnly(e.currentTarget.value, 4))}
          inputMode="numeric"
          error={errors.code?.[0]}
          required
          data-testid="bank-code"
        />
        <TextInput
          label="Nombre"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          error={errors.name?.[0]}
          required
          data-testid="bank-name"
        />
        <FormAlert message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={action.isPending} data-testid="bank-save">
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (account null) or edit a platform recharge account (Pago Móvil destination). */
export function AccountFormModal({
  account,
  banks,
  opened,
  onClose,
}: {
  account: AdminRechargeAccount | null;
  banks: AdminBank[];
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? 'Editar cuenta de recarga' : 'Nueva cuenta de recarga'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && (
        <AccountFormBody
          key={account?.id ?? 'new'}
          account={account}
          banks={banks}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function AccountFormBody({
  account,
  banks,
  onDone,
}: {
  account: AdminRechargeAccount | null;
  banks: AdminBank[];
  onDone(): void;
}) {
  const action = useCatalogAction();
  const [form, setForm] = useState<AccountForm>({
    bank_id: account ? String(account.bank.id) : '',
    account_number: account?.account_number ?? '',
    holder_name: account?.holder_name ?? '',
    type_identification: account?.type_identification ?? 'J',
    n_identification: account?.n_identification ?? '',
    phone: phoneFieldText(account?.phone),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: keyof AccountForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: [] }));
    setFormError(null);
  };
  const bank = banks.find((b) => String(b.id) === form.bank_id) ?? null;
  // An account can only sit at an active bank (its own current bank stays selectable).
  const choices = banks.filter((b) => b.status === 'activo' || b.id === account?.bank.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = accountFormErrors(form, bank?.code ?? null);
    setErrors(found);
    if (Object.keys(found).length > 0 || action.isPending) return;
    const input = {
      ...form,
      bank_id: Number(form.bank_id),
      type_identification: form.type_identification as (typeof HOLDER_DOCUMENT_TYPES)[number],
    };
    action.mutate(
      account
        ? { kind: 'account.update', id: account.id, input }
        : { kind: 'account.create', input },
      {
        onSuccess: () => {
          notify.success(account ? 'Cuenta actualizada' : 'Cuenta creada');
          onDone();
        },
        onError: (e) => failure(e, setErrors, setFormError),
      },
    );
  };
  const err = (field: keyof AccountForm) => errors[field]?.[0];
  return (
    <form onSubmit={submit} noValidate aria-label="Cuenta de recarga">
      <Stack gap="md">
        <NativeSelect
          label="Banco"
          value={form.bank_id}
          onChange={(e) => set('bank_id', e.currentTarget.value)}
          data={[
            { value: '', label: 'Selecciona un banco' },
            ...choices.map((b) => ({ value: String(b.id), label: `${b.code} ${b.name}` })),
          ]}
          error={err('bank_id')}
          required
          data-testid="account-bank"
          size="md"
        />
        <TextInput
          label="Número de cuenta"
          description={bank ? `20 dígitos, empieza por ${bank.code}` : '20 dígitos'}
          value={form.account_number}
          onChange={(e) => set('account_number', digitsOnly(e.currentTarget.value, 20))}
          inputMode="numeric"
          error={err('account_number')}
          required
          data-testid="account-number"
        />
        <TextInput
          label="Titular"
          value={form.holder_name}
          onChange={(e) => set('holder_name', e.currentTarget.value)}
          maxLength={100}
          error={err('holder_name')}
          required
          data-testid="account-holder"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NativeSelect
              label="Documento"
              value={form.type_identification}
              onChange={(e) => set('type_identification', e.currentTarget.value)}
              data={[...HOLDER_DOCUMENT_TYPES]}
              error={err('type_identification')}
              w={80}
              data-testid="account-doc-type"
              size="md"
            />
            <TextInput
              label="Número"
              value={form.n_identification}
              onChange={(e) => set('n_identification', digitsOnly(e.currentTarget.value, 10))}
              inputMode="numeric"
              error={err('n_identification')}
              required
              style={{ flex: 1 }}
              data-testid="account-doc-number"
            />
          </Group>
          <PhoneInput
            label="Teléfono Pago Móvil"
            description={PHONE_HINT}
            value={form.phone}
            onChange={(text) => set('phone', text)}
            error={err('phone')}
            required
            data-testid="account-phone"
          />
        </SimpleGrid>
        <FormAlert message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={action.isPending} data-testid="account-save">
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
