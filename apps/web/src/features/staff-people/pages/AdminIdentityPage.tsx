import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { MSG, type AdminIdentityRequest } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useProofBlob } from '../../../lib/staff/proof';
import {
  useAdminIdentityRequests,
  useIdentityDecision,
  useIdentitySettings,
  useSaveIdentitySettings,
  type IdentityDecision,
} from '../api/identity';
import { DecisionModal } from '../../../components/staff/DecisionModal';
import { ProofModal } from '../../../components/staff/ProofModal';
import { QueueScaffold } from '../../../components/staff/QueueScaffold';
import { DecisionButtons } from '../../../components/staff/RequestQueue';
import { StatusBadge } from '../../../components/staff/StatusBadge';
import { useQueueStatus } from '../../../lib/staff/use-queue-status';
import { RECHARGE_FILTERS, isDecidable, reasonProblem } from '../../../lib/staff/requests';

type Open = { kind: 'approve' | 'reject'; item: AdminIdentityRequest } | null;

/**
 * /admin/identidad (docs/decisions/031-identity-verification.md): the identity queue, pending
 * first. Each request shows the account's name and cédula beside what the player stated, both
 * photos (tap to enlarge), and approve / reject with a required reason; above the queue, the
 * withdrawal threshold from which verification is required.
 */
export default function AdminIdentityPage() {
  const [status, setStatus] = useQueueStatus();
  const query = useAdminIdentityRequests(status);
  const decision = useIdentityDecision();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ url: string; title: string } | null>(null);

  const start = (kind: 'approve' | 'reject', item: AdminIdentityRequest) => {
    decision.reset();
    setError(null);
    setOpen({ kind, item });
  };
  const close = () => {
    if (decision.isPending) return;
    setOpen(null);
    setError(null);
  };
  const submit = (input: IdentityDecision) =>
    decision.mutate(input, {
      onSuccess: (res) => {
        notify.success(res.message);
        setOpen(null);
      },
      onError: (err) => {
        if (isApiError(err) && err.status === 409) {
          notify.warning(err.message);
          setOpen(null);
          return;
        }
        const first = isApiError(err) ? Object.values(err.fieldErrors)[0]?.[0] : undefined;
        setError(first ?? (isApiError(err) ? err.message : MSG.unexpected));
      },
    });

  const card = (r: AdminIdentityRequest) => (
    <IdentityCard
      r={r}
      onPhoto={setPhoto}
      onApprove={() => start('approve', r)}
      onReject={() => start('reject', r)}
    />
  );

  return (
    <>
      <QueueScaffold
        title="Verificación de identidad"
        subtitle="Compara la cédula y la selfie con los datos de la cuenta antes de aprobar."
        filters={RECHARGE_FILTERS}
        status={status}
        onStatusChange={setStatus}
        query={query}
        empty="No hay verificaciones en esta lista."
        card={card}
        table={(items) => (
          <SimpleGrid cols={2} spacing="md">
            {items.map((r) => (
              <Box key={r.id}>{card(r)}</Box>
            ))}
          </SimpleGrid>
        )}
      />
      {/* Under the queue once it is drawn, not under its loader first (docs/decisions/080-pages-hold-still-while-loading.md). */}
      {!query.isPending && <ThresholdCard />}
      <ProofModal
        url={photo?.url ?? null}
        title={photo?.title ?? ''}
        onClose={() => setPhoto(null)}
      />
      <DecisionModal
        opened={open?.kind === 'approve'}
        onClose={close}
        title="Aprobar verificación"
        confirmLabel="Confirmar aprobación"
        confirmColor="green"
        loading={decision.isPending}
        error={error}
        testId="approve-identity-modal"
        onConfirm={(_, key) => open && submit({ kind: 'approve', id: open.item.id, key })}
      >
        {open && (
          <Text fz="sm">
            ¿Confirmas que la cédula y la selfie son de <b>{open.item.user.name}</b>, cédula{' '}
            <b>
              {open.item.user.type_identification}-{open.item.user.n_identification}
            </b>
            ? El jugador podrá retirar su saldo.
          </Text>
        )}
      </DecisionModal>
      <DecisionModal
        opened={open?.kind === 'reject'}
        onClose={close}
        title="Rechazar verificación"
        confirmLabel="Rechazar verificación"
        confirmColor="red"
        loading={decision.isPending}
        error={error}
        testId="reject-identity-modal"
        field={{
          label: 'Motivo del rechazo',
          placeholder: 'Ej. La foto de la cédula está borrosa',
          multiline: true,
          validate: reasonProblem,
          testId: 'reject-reason',
        }}
        onConfirm={(reason, key) =>
          open && submit({ kind: 'reject', id: open.item.id, reason, key })
        }
      >
        {open && (
          <Text fz="sm">
            Verificación de <b>{open.item.user.name}</b>. El jugador verá el motivo y podrá enviar
            sus fotos de nuevo.
          </Text>
        )}
      </DecisionModal>
    </>
  );
}

/** A protected photo as a thumbnail (fetched with the token); tap to open it larger. */
function Thumb({
  url,
  label,
  onOpen,
  testId,
}: {
  url: string;
  label: string;
  onOpen: () => void;
  testId: string;
}) {
  const blob = useProofBlob(url);
  const src = useObjectUrl(blob.data);
  return (
    <Stack gap={4}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <UnstyledButton
        onClick={onOpen}
        aria-label={`Ampliar: ${label}`}
        data-testid={testId}
        style={{
          borderRadius: 8,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-3)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        {src ? (
          <Image src={src} alt={label} h={140} fit="contain" />
        ) : (
          <Center h={140}>
            {blob.isError ? (
              <Text fz="xs" c="red">
                {blob.error.message}
              </Text>
            ) : (
              <Loader size="sm" />
            )}
          </Center>
        )}
      </UnstyledButton>
    </Stack>
  );
}

function IdentityCard({
  r,
  onPhoto,
  onApprove,
  onReject,
}: {
  r: AdminIdentityRequest;
  onPhoto: (photo: { url: string; title: string }) => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const account = `${r.user.type_identification}-${r.user.n_identification}`;
  const stated = `${r.stated.type_identification}-${r.stated.n_identification}`;
  return (
    <Card padding="md" withBorder data-testid="admin-identity-row" data-request-id={r.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} truncate>
            {r.user.name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {r.user.email}
          </Text>
        </Stack>
        <StatusBadge status={r.status} kind="recharge" />
      </Group>
      <Stack gap={2} mb="sm">
        <Text fz="sm">
          Cuenta: <b style={{ whiteSpace: 'nowrap' }}>{account}</b> · Declarada:{' '}
          <b style={{ whiteSpace: 'nowrap' }}>{stated}</b>
        </Text>
        <Text fz="sm" data-testid="admin-identity-stated-name">
          Nombre en la cédula: <b>{r.stated.full_name}</b>
        </Text>
        {!r.name_matches && (
          <Badge
            color="orange"
            variant="light"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
            data-testid="admin-identity-name-warning"
          >
            El nombre no coincide con el de la cuenta
          </Badge>
        )}
        <Text fz="xs" c="dimmed">
          #{r.id} · {formatCaracasDateTime(r.created_at)}
          {r.decided_by ? ` · Por ${r.decided_by}` : ''}
          {r.decided_at ? ` · ${formatCaracasDateTime(r.decided_at)}` : ''}
        </Text>
        {r.reason && (
          <Text fz="xs" c="dimmed">
            Motivo: {r.reason}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={2} spacing="xs" mb={isDecidable(r.status) ? 'sm' : 0}>
        <Thumb
          url={r.document_url}
          label="Cédula"
          testId="admin-identity-document"
          onOpen={() => onPhoto({ url: r.document_url, title: `Cédula · ${r.user.name}` })}
        />
        <Thumb
          url={r.selfie_url}
          label="Selfie con la cédula"
          testId="admin-identity-selfie"
          onOpen={() => onPhoto({ url: r.selfie_url, title: `Selfie · ${r.user.name}` })}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <DecisionButtons
          kind="recharge"
          status={r.status}
          confirm={{
            label: 'Aprobar',
            icon: <IconCheck size={14} aria-hidden />,
            testId: 'identity-approve',
            onClick: onApprove,
          }}
          onReject={onReject}
        />
      </Group>
    </Card>
  );
}

/** The threshold staff set: withdrawals above it need a verified identity (0 = every one). */
function ThresholdCard() {
  const settings = useIdentitySettings();
  const save = useSaveIdentitySettings();
  const [value, setValue] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = value ?? settings.data?.threshold ?? '';
  const submit = () => {
    const n = typeof shown === 'number' ? shown : Number(shown);
    setError(null);
    save.mutate(n, {
      onSuccess: (res) => {
        notify.success(res.message);
        setValue(null);
      },
      onError: (err) => {
        const first = isApiError(err) ? Object.values(err.fieldErrors)[0]?.[0] : undefined;
        setError(first ?? (isApiError(err) ? err.message : MSG.unexpected));
      },
    });
  };
  return (
    <Card padding="md" withBorder mt="xl" data-testid="identity-threshold">
      <Text fw={700} mb={4}>
        Cuándo se exige la verificación
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Retiros de más de (Bs.)"
          description="0: todo retiro, desde el primero, exige una identidad verificada."
          value={shown}
          onChange={setValue}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          allowNegative={false}
          error={error}
          disabled={settings.isPending}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          data-testid="identity-threshold-input"
        />
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={submit}
          loading={save.isPending}
          // Saving the threshold as shown (unchanged) is allowed: a staff form's values submit
          // as they are (docs/decisions/049).
          disabled={shown === ''}
          data-testid="identity-threshold-save"
        >
          Guardar
        </Button>
      </Group>
    </Card>
  );
}
