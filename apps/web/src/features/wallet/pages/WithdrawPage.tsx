import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCashBanknote,
  IconDeviceMobileDollar,
  IconId,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  IDENTITY_CODES,
  LIMITS,
  MSG,
  MSG_PROTECTION,
  formatBs,
  type Bank,
  type ClientData,
  type IdentityStatus,
  type WithdrawalReview,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { useIdentityStatus } from '../../../lib/identity';
import { formatBolivares } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { getSession, updateUser } from '../../../lib/session';
import { useBanks, useClientData, useWithdrawMutation, useWithdrawReview } from '../api/wallet';
import { BankAccountsCard } from '../components/BankAccountsCard';
import { LoadError } from '../../../components/LoadState';
import { PageTitle } from '../components/PageTitle';
import {
  AmountField,
  FormErrorAlert,
  MoneyFormCard,
  SentNotice,
  useDashboardAfterSent,
} from '../components/MoneyRequestForm';
import { formatDocument, formatPhone } from '../lib/account-format';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { requestFailure } from '../lib/recharge-form';
import {
  bankOptions,
  isBankAvailable,
  validateWithdraw,
  type WithdrawErrors,
} from '../lib/withdraw-form';

const WITHDRAW_FIELDS = ['amount', 'bank_account'] as const;

/** /withdraw (docs/product.md §2 Withdraw, §5, §8): a Pago Móvil payout request, reviewed by staff. */
export default function WithdrawPage() {
  const client = useClientData();
  const banks = useBanks();
  const available = useMemo(() => (banks.data ?? []).filter(isBankAvailable), [banks.data]);
  // The form's notices (identity, staff review) sit above its fields: the page waits for them,
  // so the fields and "Registrar" never move once shown (docs/decisions/080-pages-hold-still-while-loading.md). Same keys as the
  // form's own hooks: one request each.
  const identity = useIdentityStatus();
  const review = useWithdrawReview();

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle
        icon={<IconCashBanknote size={26} aria-hidden />}
        title="Retirar saldo"
        subtitle="Solicita un retiro de tu saldo por Pago Móvil."
      />
      {client.isPending || banks.isPending || identity.isPending || review.isPending ? (
        <Center py={64} role="status">
          <Loader type="dots" />
        </Center>
      ) : client.isError || banks.isError ? (
        <Box maw={560}>
          <LoadError
            message={MSG.withdrawLoadError}
            onRetry={() => {
              if (client.isError) void client.refetch();
              if (banks.isError) void banks.refetch();
            }}
            retrying={client.isFetching || banks.isFetching}
          />
        </Box>
      ) : (
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <WithdrawForm client={client.data} banks={available} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <PayoutInfo client={client.data} />
              <PensionerNotice />
              <BankAccountsCard accounts={client.data.bank_accounts} banks={available} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}

function PayoutInfo({ client }: { client: ClientData }) {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconDeviceMobileDollar aria-hidden />}
      title="¿A dónde va tu dinero?"
      data-testid="withdraw-destination"
    >
      <Text fz="sm">
        Te pagamos por <b>Pago Móvil</b> al teléfono{' '}
        <b style={{ whiteSpace: 'nowrap' }}>{formatPhone(client.phone)}</b> y la cédula{' '}
        <b style={{ whiteSpace: 'nowrap' }}>
          {formatDocument(client.type_identification, client.n_identification)}
        </b>{' '}
        registrados en tu cuenta, en el banco que elijas. Verifica que ese teléfono esté afiliado a
        Pago Móvil en ese banco.
      </Text>
    </Alert>
  );
}

function PensionerNotice() {
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconAlertTriangle aria-hidden />}
      title="Cuentas de pensionados"
      data-testid="withdraw-pensioner-notice"
    >
      <Text fz="sm">
        No recomendamos retirar a cuentas de pensionados: tienen límites bancarios y el pago puede
        ser devuelto.
      </Text>
    </Alert>
  );
}

/**
 * Identity verification before withdrawing (docs/decisions/031): shown when the player is not
 * verified and could withdraw more than the staff's threshold (with the rule), and when the
 * server refused a withdrawal for it; the button leads to /verificacion.
 */
function IdentityNotice({
  status,
  refusal,
  balance,
}: {
  status?: IdentityStatus;
  refusal: string | null;
  /** The available balance in bolívares: no notice when all of it is under the threshold. */
  balance: number;
}) {
  const relevant =
    status !== undefined &&
    status.state !== 'verified' &&
    (status.threshold === 0 || balance > status.threshold);
  if (!refusal && !relevant) return null;
  const rule =
    status && status.threshold > 0
      ? `Los retiros de más de ${formatBs(Math.round(status.threshold * 100))} exigen una identidad verificada.`
      : 'Para retirar necesitas una identidad verificada.';
  const pending = status?.state === 'pending';
  return (
    <Alert
      variant="light"
      color={refusal ? 'red' : 'blue'}
      icon={<IconId aria-hidden />}
      title="Falta verificar tu identidad"
      role={refusal ? 'alert' : undefined}
      data-testid="withdraw-identity-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{refusal ?? rule}</Text>
        {!pending && (
          <Button
            component={Link}
            to="/verificacion"
            size="xs"
            variant="filled"
            leftSection={<IconId size={16} aria-hidden />}
            data-testid="withdraw-identity-start"
          >
            Verificar mi identidad
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Why withdrawals go to staff review for now (docs/decisions/013): what changed,
 * when, and until when. Shown before submitting and after a withdrawal is sent.
 */
function ReviewNotice({ review }: { review: WithdrawalReview }) {
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconShieldLock aria-hidden />}
      title={MSG_PROTECTION.reviewTitle}
      data-testid="withdraw-review-notice"
    >
      <Text fz="sm">{review.message}</Text>
    </Alert>
  );
}

function WithdrawForm({ client, banks }: { client: ClientData; banks: Bank[] }) {
  const navigate = useNavigate();
  const mutation = useWithdrawMutation();
  const reviewNow = useWithdrawReview();
  const identity = useIdentityStatus();
  const [identityRefusal, setIdentityRefusal] = useState<string | null>(null);
  const [sentReview, setSentReview] = useState<WithdrawalReview | null>(null);
  const [amount, setAmount] = useState('');
  const [bankId, setBankId] = useState<string | null>(null);
  const [errors, setErrors] = useState<WithdrawErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submission = useRef<KeyedSubmission | null>(null);
  const balance = client.user.balance;

  useDashboardAfterSent(sent, LIMITS.withdrawRedirectMs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || sent) return;
    setFormError(null);
    const { errors: clientErrors, amountCents } = validateWithdraw({ amount, bankId }, balance);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0 || amountCents === null || bankId === null) return;

    const payload = { amount: amountCents / 100, bankId: Number(bankId) };
    submission.current = keyForSubmission(submission.current, JSON.stringify(payload));
    mutation.mutate(
      { ...payload, idempotencyKey: submission.current.key },
      {
        onSuccess: (res) => {
          const user = getSession().user;
          if (user) updateUser({ ...user, balance: res.new_balance });
          notify.success(res.message || MSG.withdrawSent);
          setSentReview(res.review ?? null);
          if (res.review) notify.warning(res.review.message, MSG_PROTECTION.reviewTitle);
          setSent(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === IDENTITY_CODES.required) {
            setIdentityRefusal(error.message);
            void identity.refetch();
            return;
          }
          const failure = requestFailure(error, WITHDRAW_FIELDS);
          setErrors(failure.errors);
          setFormError(failure.formError);
        },
      },
    );
  };

  return (
    <MoneyFormCard
      titleId="withdraw-form-title"
      icon={<IconCashBanknote size={20} aria-hidden />}
      title="Solicitud de retiro"
    >
      {sent ? (
        <SentNotice
          message={sentReview ? MSG_PROTECTION.withdrawSentUnderReview : MSG.withdrawSent}
          testId="withdraw-success"
        >
          {sentReview && (
            <Text fz="sm" data-testid="withdraw-sent-review">
              {sentReview.message}
            </Text>
          )}
        </SentNotice>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Formulario de retiro">
          <Stack gap="md">
            <IdentityNotice status={identity.data} refusal={identityRefusal} balance={balance} />
            {reviewNow.data?.review && <ReviewNotice review={reviewNow.data.review} />}
            <TextInput
              label="Saldo disponible"
              value={formatBolivares(balance)}
              readOnly
              variant="filled"
              styles={{ input: { fontWeight: 700, fontVariantNumeric: 'tabular-nums' } }}
              data-testid="withdraw-balance"
            />
            <AmountField
              label="Monto a retirar (Bs.)"
              preview="Monto a retirar"
              hint={`Mínimo ${formatBs(LIMITS.minWithdrawalCents)}, máximo tu saldo disponible.`}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setErrors((x) => ({ ...x, amount: undefined }));
              }}
              error={errors.amount}
              testId="withdraw-amount"
            />
            <Select
              label="Banco"
              placeholder="Selecciona el banco"
              data={bankOptions(banks)}
              value={bankId}
              onChange={(value) => {
                setBankId(value);
                setErrors((x) => ({ ...x, bank_account: undefined }));
              }}
              searchable
              maxDropdownHeight={300}
              nothingFoundMessage="Sin resultados"
              error={errors.bank_account}
              required
              comboboxProps={{ withinPortal: true }}
              data-testid="withdraw-bank"
            />

            <FormErrorAlert message={formError} />

            <Group grow gap="sm">
              <Button
                variant="default"
                size="md"
                onClick={() => navigate('/dashboard')}
                data-testid="withdraw-cancel"
              >
                Cancelar
              </Button>
              <Button
                type="submit"
                size="md"
                loading={mutation.isPending}
                data-testid="withdraw-submit"
              >
                Registrar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </MoneyFormCard>
  );
}
