import { useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Image,
  Input,
  List,
  Loader,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { FileDropzone, type FileRejection } from '../../../components/FileDropzone';
import {
  IconDeviceMobileDollar,
  IconFileAlert,
  IconInfoCircle,
  IconKey,
  IconReceipt2,
  IconWallet,
  IconX,
} from '@tabler/icons-react';
import {
  LIMITS,
  MSG,
  MSG_WALLET,
  formatBs,
  formatFileSize,
  type RechargeAccount,
  type VerificationState,
} from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useActivePause } from '../../../lib/responsible';
import { useClientData, useRechargeAccounts, useRechargeMutation } from '../api/wallet';
import { CopyField } from '../components/CopyField';
import { RechargeRequestsCard } from '../components/RechargeRequestsCard';
import { useRechargeRequests } from '../api/recharge-requests';
import { C2pForm, PayerFields, VerificationPanel } from '../components/AutomaticRecharge';
import { preferredRechargeAccount, validatePayer, type PayerField } from '../lib/bank-flows';
import { LoadError } from '../../../components/LoadState';
import { PageTitle } from '../components/PageTitle';
import {
  AmountField,
  FormErrorAlert,
  MoneyFormCard,
  SentNotice,
  useDashboardAfterSent,
} from '../components/MoneyRequestForm';
import { useObjectUrl } from '../../../lib/use-object-url';
import { formatAccountNumber, formatDocument, formatPhone } from '../lib/account-format';
import { centsToDecimalString } from '../lib/amount';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import {
  chooseProof,
  requestFailure,
  validateRecharge,
  type ChosenProof,
  type RechargeErrors,
  type RechargeField,
} from '../lib/recharge-form';

const PROOF_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/svg+xml': ['.svg'],
};
const FORM_FIELDS: readonly RechargeField[] = ['amount', 'reference', 'payment_proof'];
const PAYER_FIELDS: readonly PayerField[] = ['payer_phone', 'payer_bank_code'];

/** /recharge (docs/product.md §2 Recharge, §5, §8): Pago Móvil destination data and the recharge request. */
export default function RechargePage() {
  const accounts = useRechargeAccounts();
  // The requests card sits above the forms: the page waits for it (same queries, one request
  // each) so it does not push the buttons down under a tap (docs/decisions/080).
  const requests = useRechargeRequests();
  // The C2P form's cédula and phone start as the player's own: the page waits for them too, so a
  // field is never filled under a finger that is already typing in it (docs/decisions/080).
  const client = useClientData();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = accounts.data ?? [];
  const account =
    list.find((a) => a.id === chosenId) ?? preferredRechargeAccount(list) ?? undefined;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle
        icon={<IconWallet size={26} aria-hidden />}
        title="Recargar saldo"
        subtitle="Haz un Pago Móvil a nuestra cuenta y registra aquí la referencia."
      />
      {accounts.isPending ||
      requests.pending.isPending ||
      requests.rejected.isPending ||
      client.isPending ? (
        <Center py={64} role="status">
          <Loader type="dots" />
        </Center>
      ) : accounts.isError || !account ? (
        <Box maw={560}>
          <LoadError
            message={MSG.rechargeLoadError}
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
          />
        </Box>
      ) : (
        <>
          <RechargeRequestsCard />
          {list.length > 1 && (
            <Box mb="md" maw={560}>
              <Text fz="sm" fw={600} mb={6} id="recharge-account-label">
                ¿A qué banco de Dominó vas a pagar?
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="recharge-account-label"
                value={String(account.id)}
                onChange={(v) => setChosenId(Number(v))}
                data={list.map((a) => ({ value: String(a.id), label: a.bank.name }))}
                data-testid="recharge-account-picker"
              />
            </Box>
          )}
          <Grid gap={{ base: 'md', md: 'xl' }} key={account.id}>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                {account.automatic?.demo_bank_url && (
                  <DemoBankNotice url={account.automatic.demo_bank_url} />
                )}
                <DestinationCard account={account} />
                <Box visibleFrom="md">
                  <RechargeNotes verifies={account.automatic?.verify === true} />
                </Box>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              {account.automatic?.c2p ? (
                <Tabs defaultValue="pago-movil" keepMounted={false}>
                  <Tabs.List mb="md">
                    <Tabs.Tab value="pago-movil" data-testid="recharge-tab-pago-movil">
                      Pago Móvil
                    </Tabs.Tab>
                    <Tabs.Tab value="c2p" data-testid="recharge-tab-c2p">
                      Pago con clave (C2P)
                    </Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="pago-movil">
                    <RechargeForm account={account} />
                  </Tabs.Panel>
                  <Tabs.Panel value="c2p">
                    <MoneyFormCard
                      titleId="c2p-form-title"
                      icon={<IconKey size={20} aria-hidden />}
                      title="Pago con clave (C2P)"
                      badge="Al instante"
                    >
                      <C2pForm account={account} />
                    </MoneyFormCard>
                  </Tabs.Panel>
                </Tabs>
              ) : (
                <RechargeForm account={account} />
              )}
            </Grid.Col>
            <Grid.Col span={12} hiddenFrom="md">
              <RechargeNotes verifies={account.automatic?.verify === true} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Container>
  );
}

function DestinationCard({ account }: { account: RechargeAccount }) {
  return (
    <Card padding="lg" data-testid="recharge-destination">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="gold" size="lg" radius="md">
            <IconDeviceMobileDollar size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg">
            Datos para el pago
          </Title>
        </Group>
        <Badge color="felt" variant="light" style={{ flexShrink: 0 }}>
          Paso 1
        </Badge>
      </Group>
      <Stack gap="sm">
        <CopyField label="Método" value="Pago Móvil" testId="recharge-method" />
        <Divider />
        <CopyField
          label="Banco"
          value={`${account.bank.code} - ${account.bank.name}`}
          copyValue={account.bank.code}
          testId="recharge-bank"
        />
        <Divider />
        <CopyField
          label="Teléfono"
          value={formatPhone(account.phone)}
          copyValue={account.phone}
          testId="recharge-phone"
        />
        <Divider />
        <CopyField
          label="Documento"
          value={formatDocument(account.type_identification, account.n_identification)}
          copyValue={account.n_identification}
          testId="recharge-document"
        />
        <Divider />
        <CopyField label="Titular" value={account.holder_name} testId="recharge-holder" />
        <Divider />
        <CopyField
          label="Número de cuenta"
          value={formatAccountNumber(account.account_number)}
          copyValue={account.account_number}
          testId="recharge-account-number"
          nowrap
        />
      </Stack>
    </Card>
  );
}

/**
 * The demo's account is connected to Banco de pruebas, a simulated bank (docs/decisions/052):
 * there is no real bank to pay from, so the player sends the Pago Móvil, and reads the C2P key,
 * on its page.
 */
function DemoBankNotice({ url }: { url: string }) {
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconInfoCircle aria-hidden />}
      title="Cuenta de demostración"
      data-testid="recharge-demo-bank"
    >
      <Text fz="sm">
        Esta cuenta está conectada al Banco de pruebas, un banco simulado sin dinero real. Haz tu
        Pago Móvil desde su página y mira allí la clave de pago que te llega «por SMS».
      </Text>
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener"
        size="compact-sm"
        variant="light"
        color="yellow"
        mt="xs"
        data-testid="recharge-demo-bank-link"
      >
        Abrir el Banco de pruebas
      </Button>
    </Alert>
  );
}

function RechargeNotes({ verifies = false }: { verifies?: boolean }) {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle aria-hidden />}
      title="¿Cómo funciona?"
      data-testid="recharge-notes"
    >
      <List size="sm" spacing={6}>
        <List.Item>
          Desde la app de tu banco, haz un Pago Móvil por el monto que quieres recargar a los datos
          indicados (mínimo {formatBs(LIMITS.minRechargeCents)}).
        </List.Item>
        <List.Item>
          Registra aquí el monto exacto y el número de referencia del pago. Puedes adjuntar la
          captura del comprobante para agilizar la revisión.
        </List.Item>
        {verifies ? (
          <List.Item>
            Con el teléfono y el banco desde los que pagaste, confirmamos el pago con el banco y tu
            saldo se acredita en segundos. Si algo no coincide, lo revisa nuestro equipo.
          </List.Item>
        ) : (
          <List.Item>
            Nuestro equipo verifica cada pago; normalmente tu saldo se acredita en pocos minutos. Te
            avisaremos aquí mismo cuando se apruebe.
          </List.Item>
        )}
        <List.Item>
          Guarda tu número de referencia hasta ver el saldo acreditado: lo necesitarás si tienes que
          hacer un reclamo.
        </List.Item>
      </List>
    </Alert>
  );
}

function RechargeForm({ account }: { account: RechargeAccount }) {
  const mutation = useRechargeMutation();
  // A paused player is told before filling the form, not after sending it (decisions 030, 050).
  const pause = useActivePause();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  // The chosen proof, kept even when it is not acceptable, so the form cannot go without it.
  const [chosen, setChosen] = useState<ChosenProof<File> | null>(null);
  const proof = chosen && !chosen.problem ? chosen.file : null;
  const [errors, setErrors] = useState<RechargeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // Accounts that verify with the bank (decision 051) also ask the payer's phone and bank, and
  // follow the verification live instead of leaving for the dashboard.
  const verifies = account.automatic?.verify === true;
  const [payerPhone, setPayerPhone] = useState('');
  const [payerBank, setPayerBank] = useState('');
  const [payerErrors, setPayerErrors] = useState<Partial<Record<PayerField, string>>>({});
  const [tracked, setTracked] = useState<{
    id: number;
    status: string;
    verification: VerificationState | undefined;
  } | null>(null);
  const submission = useRef<KeyedSubmission | null>(null);
  const preview = useObjectUrl(proof);

  // After a successful request: back to the dashboard after LIMITS.rechargeRedirectMs (docs/product.md §4).
  useDashboardAfterSent(sent, LIMITS.rechargeRedirectMs);

  const clearError = (field: RechargeField) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const pickProof = (files: File[], rejections: FileRejection[]) => {
    const rejected = rejections[0]?.file;
    const file = files[0] ?? rejected;
    if (!file) return;
    const next = chooseProof(file, files[0] === undefined);
    setChosen(next);
    setErrors((e) => ({ ...e, payment_proof: next.problem ?? undefined }));
    setFormError(null);
  };

  const removeProof = () => {
    setChosen(null);
    clearError('payment_proof');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || sent) return;
    setFormError(null);
    const { errors: clientErrors, amountCents } = validateRecharge({ amount, reference }, chosen);
    setErrors(clientErrors);
    if (clientErrors.payment_proof) setFormError(MSG_WALLET.proofFixBeforeSubmit);
    const payer = verifies ? validatePayer({ phone: payerPhone, bankCode: payerBank }) : null;
    setPayerErrors(payer?.errors ?? {});
    if (Object.keys(clientErrors).length > 0 || amountCents === null) return;
    if (payer && (Object.keys(payer.errors).length > 0 || !payer.phone)) return;

    const payload = {
      amount: centsToDecimalString(amountCents),
      reference: reference.trim(),
      accountId: account.account_id,
      proof,
      payer: payer?.phone ? { phone: payer.phone, bankCode: payerBank } : undefined,
    };
    submission.current = keyForSubmission(
      submission.current,
      JSON.stringify({
        ...payload,
        proof: proof ? [proof.name, proof.size, proof.lastModified] : null,
      }),
    );
    mutation.mutate(
      { ...payload, idempotencyKey: submission.current.key },
      {
        onSuccess: (res) => {
          if (res.verification && res.verification !== 'manual') {
            setTracked({ id: res.id, status: res.status, verification: res.verification });
            return;
          }
          notify.success(res.message || MSG.rechargeSent);
          setSent(true);
        },
        onError: (error) => {
          const failure = requestFailure(error, [...FORM_FIELDS, ...PAYER_FIELDS]);
          const { payer_phone, payer_bank_code, ...rest } = failure.errors;
          setErrors(rest);
          setPayerErrors({ payer_phone, payer_bank_code });
          setFormError(failure.formError);
        },
      },
    );
  };

  return (
    <MoneyFormCard
      titleId="recharge-form-title"
      icon={<IconReceipt2 size={20} aria-hidden />}
      title="Registra tu pago"
      badge="Paso 2"
    >
      {tracked ? (
        <VerificationPanel id={tracked.id} initial={tracked} />
      ) : sent ? (
        <SentNotice message={MSG.rechargeSent} testId="recharge-success" />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Formulario de recarga">
          <Stack gap="md">
            <AmountField
              label="Monto (Bs.)"
              preview="Monto a recargar"
              hint={`Mínimo ${formatBs(LIMITS.minRechargeCents)}. Usa coma para los céntimos.`}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                clearError('amount');
              }}
              error={errors.amount}
              testId="recharge-amount"
            />
            <TextInput
              label="Número de referencia"
              name="reference"
              placeholder="Ej. 123456"
              autoComplete="off"
              maxLength={LIMITS.referenceMaxLength}
              description="La referencia que te dio tu banco (3 a 20 caracteres)."
              value={reference}
              onChange={(e) => {
                setReference(e.currentTarget.value);
                clearError('reference');
              }}
              error={errors.reference}
              required
              data-testid="recharge-reference"
            />
            {verifies && (
              <PayerFields
                phone={payerPhone}
                bankCode={payerBank}
                errors={payerErrors}
                onPhone={(v) => {
                  setPayerPhone(v);
                  setPayerErrors((e) => ({ ...e, payer_phone: undefined }));
                }}
                onBank={(v) => {
                  setPayerBank(v);
                  setPayerErrors((e) => ({ ...e, payer_bank_code: undefined }));
                }}
              />
            )}

            <Stack gap={6}>
              <Input.Label htmlFor="recharge-proof-input" size="md" mb={0}>
                Comprobante de pago{' '}
                <Text span c="dimmed" fz="xs" fw={400}>
                  (opcional)
                </Text>
              </Input.Label>
              {chosen?.problem ? (
                <Group
                  gap="sm"
                  wrap="nowrap"
                  p="xs"
                  style={{
                    border: '1px solid var(--mantine-color-error)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                  data-testid="recharge-proof-rejected"
                >
                  <ThemeIcon variant="light" color="red" size={40} radius="sm">
                    <IconFileAlert size={22} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fz="sm" fw={600} truncate>
                      {chosen.file.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Este archivo no se puede enviar.
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={MSG_WALLET.proofRemove}
                    onClick={removeProof}
                    data-testid="recharge-proof-remove"
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              ) : proof && preview ? (
                <Group
                  gap="sm"
                  wrap="nowrap"
                  p="xs"
                  style={{
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                  data-testid="recharge-proof-preview"
                >
                  <Image
                    src={preview}
                    alt="Vista previa del comprobante"
                    w={64}
                    h={64}
                    fit="cover"
                    radius="sm"
                  />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fz="sm" fw={600} truncate>
                      {proof.name}
                    </Text>
                    <Text fz="xs" c="dimmed" data-testid="recharge-proof-size">
                      {formatFileSize(proof.size)}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Quitar comprobante"
                    onClick={removeProof}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              ) : (
                <FileDropzone
                  onDropAny={pickProof}
                  accept={PROOF_ACCEPT}
                  inputProps={{
                    id: 'recharge-proof-input',
                    'aria-label': 'Comprobante de pago',
                    'data-testid': 'recharge-proof-input',
                  }}
                  error={Boolean(errors.payment_proof)}
                >
                  <Stack gap={2}>
                    <Text fz="sm" fw={500}>
                      Toca para elegir la captura o arrástrala aquí
                    </Text>
                    <Text fz="xs" c="dimmed">
                      PNG, JPG, JPEG o SVG, hasta 5 MB
                    </Text>
                  </Stack>
                </FileDropzone>
              )}
              {errors.payment_proof && (
                <Text fz="xs" c="red" role="alert" data-testid="recharge-proof-error">
                  {errors.payment_proof}
                </Text>
              )}
            </Stack>

            <FormErrorAlert message={formError} />

            {pause && (
              <Text
                fz="sm"
                c="orange.9"
                role="status"
                id="recharge-paused"
                data-testid="recharge-paused"
              >
                {pause.message} Mientras dure no puedes recargar.
              </Text>
            )}

            <Button
              type="submit"
              size="md"
              fullWidth
              loading={mutation.isPending}
              disabled={pause !== null}
              aria-describedby={pause ? 'recharge-paused' : undefined}
              data-testid="recharge-submit"
            >
              Enviar recarga
            </Button>
          </Stack>
        </form>
      )}
    </MoneyFormCard>
  );
}
