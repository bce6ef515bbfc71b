import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconUserCheck } from '@tabler/icons-react';
import {
  LIMITS,
  MSG_BANK_FLOWS,
  formatBs,
  type RechargeAccount,
  type VerificationState,
} from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import {
  useBanks,
  useC2pChargeMutation,
  useC2pKeyMutation,
  useClientData,
  useRechargeStatus,
} from '../api/wallet';
import { centsToDecimalString } from '../lib/amount';
import { validateC2p, verificationView, type C2pErrors, type C2pField } from '../lib/bank-flows';
import { requestFailure } from '../lib/recharge-form';
import { AmountField, FormErrorAlert } from './MoneyRequestForm';

/**
 * The automatic recharge flows on /recharge (docs/decisions/051-bank-connectors.md): the
 * payer's bank picker, the live "Verificando con el banco…" panel, and the C2P form.
 */

/** The banks a payer may pay from, as Select options (code — name). */
export function useBankOptions() {
  const banks = useBanks();
  return (banks.data ?? []).map((b) => ({ value: b.code, label: `${b.code} - ${b.name}` }));
}

/** The payer's phone and bank, asked when the account verifies each payment with the bank. */
export function PayerFields({
  phone,
  bankCode,
  errors,
  onPhone,
  onBank,
}: {
  phone: string;
  bankCode: string;
  errors: { payer_phone?: string | undefined; payer_bank_code?: string | undefined };
  onPhone: (v: string) => void;
  onBank: (v: string) => void;
}) {
  const options = useBankOptions();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Teléfono del pago"
        description="El teléfono desde el que hiciste el Pago Móvil."
        placeholder="0412-707.23.40"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => onPhone(e.currentTarget.value)}
        error={errors.payer_phone}
        required
        data-testid="recharge-payer-phone"
      />
      <Select
        label="Banco del pago"
        description="El banco desde el que pagaste."
        placeholder="Elige tu banco"
        data={options}
        searchable
        value={bankCode || null}
        onChange={(v) => onBank(v ?? '')}
        error={errors.payer_bank_code}
        required
        nothingFoundMessage="Ningún banco coincide"
        data-testid="recharge-payer-bank"
      />
    </SimpleGrid>
  );
}

/**
 * After a recharge request on an account that verifies: "Verificando con el banco…" until the
 * recharge is credited ("¡Recarga acreditada!" with the new balance) or goes to staff ("Lo
 * revisará nuestro equipo"). Follows the server's pushes (and polls while it is checking).
 */
export function VerificationPanel({
  id,
  initial,
}: {
  id: number;
  initial: { status: string; verification: VerificationState | undefined };
}) {
  const status = useRechargeStatus(id);
  const session = useSession();
  const view = verificationView(
    status.data?.status ?? initial.status,
    status.data?.verification ?? initial.verification,
  );
  const balance = session.user?.balance;
  if (view === 'checking')
    return (
      <Alert color="blue" variant="light" role="status" data-testid="recharge-verifying">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" type="dots" aria-hidden />
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Verificando con el banco…
            </Text>
            <Text fz="xs" c="dimmed">
              Suele tardar unos segundos. Puedes quedarte aquí o seguir jugando: te avisaremos.
            </Text>
          </Stack>
        </Group>
      </Alert>
    );
  if (view === 'credited')
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        icon={<IconCircleCheck aria-hidden />}
        data-testid="recharge-credited"
      >
        <Text fz="sm" fw={600}>
          {MSG_BANK_FLOWS.rechargeCredited}
        </Text>
        {typeof balance === 'number' && (
          <Text fz="sm" data-testid="recharge-new-balance">
            Tu saldo ahora es {formatBs(Math.round(balance * 100))}.
          </Text>
        )}
      </Alert>
    );
  if (view === 'rejected')
    return (
      <Alert color="red" variant="light" role="status" data-testid="recharge-rejected">
        <Text fz="sm">Tu recarga fue rechazada. Revisa el motivo en tus movimientos.</Text>
      </Alert>
    );
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      icon={<IconUserCheck aria-hidden />}
      data-testid="recharge-to-staff"
    >
      <Text fz="sm">{MSG_BANK_FLOWS.rechargeToStaff}</Text>
    </Alert>
  );
}

const C2P_FIELDS: readonly C2pField[] = ['amount', 'n_identification', 'phone', 'bank_code', 'key'];

/**
 * "Pago con clave (C2P)": the player's cédula, phone and bank (prefilled with their own), "Pedir
 * clave" when the bank sends it by SMS through us, the key and the pay button. The bank's refusal
 * shows in Spanish; a charge being confirmed shows the staff panel.
 */
export function C2pForm({ account }: { account: RechargeAccount }) {
  const client = useClientData();
  const options = useBankOptions();
  const askKey = useC2pKeyMutation();
  const charge = useC2pChargeMutation();
  const [amount, setAmount] = useState('');
  const [nIdentification, setN] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [bankCode, setBankCode] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<C2pErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{
    id: number;
    status: string;
    verification: VerificationState;
  } | null>(null);
  const submission = useRef<KeyedSubmission | null>(null);
  const typeIdentification = client.data?.type_identification ?? 'V';
  const values = {
    amount,
    nIdentification: nIdentification ?? client.data?.n_identification ?? '',
    phone: phone ?? client.data?.phone ?? '',
    bankCode,
    key,
  };
  const edit = (field: C2pField) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };
  const onFailure = (error: unknown) => {
    const failure = requestFailure(error, C2P_FIELDS);
    setErrors(failure.errors);
    setFormError(failure.formError);
  };
  const input = (cents: number, storedPhone: string) => ({
    accountId: account.account_id,
    amount: centsToDecimalString(cents),
    typeIdentification,
    nIdentification: values.nIdentification.trim(),
    phone: storedPhone,
    bankCode,
  });

  const requestKey = () => {
    const v = validateC2p(values, true);
    setErrors(v.errors);
    if (Object.keys(v.errors).length > 0 || v.amountCents === null || !v.phone) return;
    askKey.mutate(input(v.amountCents, v.phone), {
      onSuccess: (res) => notify.success(res.message),
      onError: onFailure,
    });
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (charge.isPending || done) return;
    const v = validateC2p(values);
    setErrors(v.errors);
    if (Object.keys(v.errors).length > 0 || v.amountCents === null || !v.phone) return;
    const body = input(v.amountCents, v.phone);
    submission.current = keyForSubmission(submission.current, JSON.stringify(body));
    charge.mutate(
      { ...body, key: key.trim(), idempotencyKey: submission.current.key },
      {
        onSuccess: (res) => {
          setKey('');
          setDone({ id: res.id, status: res.status, verification: res.verification });
        },
        onError: (error) => {
          // A refused key cannot be used again: the player asks for a new one.
          setKey('');
          onFailure(error);
        },
      },
    );
  };

  if (done) return <VerificationPanel id={done.id} initial={done} />;
  return (
    <form onSubmit={pay} noValidate aria-label="Pago con clave (C2P)">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Pagas desde tu propia cuenta con la clave de pago que te envía tu banco, y tu saldo se
          acredita al instante.
        </Text>
        <AmountField
          label="Monto (Bs.)"
          preview="Monto a recargar"
          hint={`Mínimo ${formatBs(LIMITS.minRechargeCents)}. Usa coma para los céntimos.`}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            edit('amount');
          }}
          error={errors.amount}
          testId="c2p-amount"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={`Cédula (${typeIdentification})`}
            inputMode="numeric"
            value={values.nIdentification}
            onChange={(e) => {
              setN(e.currentTarget.value);
              edit('n_identification');
            }}
            error={errors.n_identification}
            required
            data-testid="c2p-identification"
          />
          <TextInput
            label="Teléfono"
            inputMode="tel"
            value={values.phone}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              edit('phone');
            }}
            error={errors.phone}
            required
            data-testid="c2p-phone"
          />
        </SimpleGrid>
        <Select
          label="Tu banco"
          placeholder="Elige tu banco"
          leftSection={<IconBuildingBank size={16} aria-hidden />}
          data={options}
          searchable
          value={bankCode || null}
          onChange={(v) => {
            setBankCode(v ?? '');
            edit('bank_code');
          }}
          error={errors.bank_code}
          required
          nothingFoundMessage="Ningún banco coincide"
          data-testid="c2p-bank"
        />
        {account.automatic?.c2p_key && (
          <Button
            variant="light"
            onClick={requestKey}
            loading={askKey.isPending}
            data-testid="c2p-request-key"
          >
            Pedir clave
          </Button>
        )}
        <TextInput
          label="Clave de pago"
          description={
            account.automatic?.c2p_key
              ? 'La clave que te llegó por SMS.'
              : 'Genera la clave de pago en la aplicación de tu banco.'
          }
          inputMode="numeric"
          autoComplete="one-time-code"
          value={key}
          onChange={(e) => {
            setKey(e.currentTarget.value);
            edit('key');
          }}
          error={errors.key}
          required
          data-testid="c2p-key"
        />
        <FormErrorAlert message={formError} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={charge.isPending}
          data-testid="c2p-submit"
        >
          Pagar y recargar
        </Button>
      </Stack>
    </form>
  );
}
