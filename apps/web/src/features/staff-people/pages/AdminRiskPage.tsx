import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { RiskItem, RiskKind, RiskStatus } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRiskDismiss, useRiskItems, useRiskRecompute } from '../api/risk';
import { DecisionModal } from '../../../components/staff/DecisionModal';
import { HandSharingEvidence } from '../components/HandSharingEvidence';
import { RiskAccountActions } from '../components/RiskAccountActions';
import { accountStake, evidenceLines, kindLabel, reasonError, stakeLine } from '../lib/risk';

const STATUS_LABELS: Record<RiskStatus, string> = {
  open: 'Abiertas',
  dismissed: 'Descartadas',
  actioned: 'Atendidas',
};

const KIND_COLORS: Record<RiskKind, string> = {
  linked: 'blue',
  co_seating: 'grape',
  chip_dumping: 'red',
  shared_reference: 'orange',
  hand_sharing: 'teal',
};

/**
 * /admin/riesgo: the risk queue (docs/decisions/032-risk-signals.md). Alerts of fraud and collusion
 * (linked accounts, pairs who sit together far more than chance, money flowing one way between two
 * accounts, a Pago Móvil reference claimed by several accounts), highest score first, each with its
 * evidence, its accounts (links to their pages, their marks) and the actions: on an account
 * (marcar, retener retiros, suspender, levantar) or "Descartar" with a note. Linked accounts come
 * as one alert per group with every link, and alerts are ordered by the money at stake of their
 * accounts (docs/decisions/049). "Recalcular" runs the scan now (the server also scans on its
 * own, and after every settled match). `?usuario=ID` shows one account's alerts.
 */
export default function AdminRiskPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('usuario')) || undefined;
  const [status, setStatus] = useState<RiskStatus>('open');
  const items = useRiskItems(status, userId);
  const recompute = useRiskRecompute();
  const run = async () => {
    try {
      notify.success((await recompute.mutateAsync()).message);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'No se pudo recalcular.');
    }
  };
  return (
    <Stack gap="md" data-testid="admin-risk">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          Riesgo y fraude
        </Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={status}
            onChange={(v) => setStatus(v as RiskStatus)}
            data={(Object.keys(STATUS_LABELS) as RiskStatus[]).map((s) => ({
              value: s,
              label: STATUS_LABELS[s],
            }))}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={recompute.isPending}
            onClick={() => void run()}
            data-testid="risk-recompute"
          >
            Recalcular
          </Button>
        </Group>
      </Group>
      {userId && (
        <Alert color="blue" variant="light">
          Alertas de la cuenta #{userId}.{' '}
          <Anchor component={Link} to="/admin/riesgo" fz="sm">
            Ver todas
          </Anchor>
        </Alert>
      )}
      {items.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {items.error.message}
        </Alert>
      ) : items.data.data.length === 0 ? (
        <Text c="dimmed" data-testid="admin-risk-empty">
          No hay alertas {STATUS_LABELS[status].toLowerCase()}.
        </Text>
      ) : (
        items.data.data.map((item) => <RiskItemCard key={item.id} item={item} />)
      )}
    </Stack>
  );
}

function RiskItemCard({ item }: { item: RiskItem }) {
  const dismiss = useRiskDismiss();
  const [dismissing, setDismissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmDismiss = async (note: string) => {
    try {
      notify.success((await dismiss.mutateAsync({ id: item.id, note })).message);
      setDismissing(false);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'No se pudo descartar.');
    }
  };
  return (
    <Card padding="md" withBorder data-testid="admin-risk-item" data-kind={item.kind}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs">
            <Badge color={KIND_COLORS[item.kind]} variant="light">
              {kindLabel(item)}
              {item.kind === 'linked' && item.accounts.length > 2
                ? ` · ${item.accounts.length} cuentas`
                : ''}
            </Badge>
            <Text fz="sm" fw={700} data-testid="risk-stake">
              {stakeLine(item)}
            </Text>
            <Text fz="xs" c="dimmed">
              Detectada {formatCaracasDateTime(item.first_seen_at)} · revisada{' '}
              {formatCaracasDateTime(item.last_seen_at)}
            </Text>
          </Group>
          {item.status === 'open' && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => setDismissing(true)}
              data-testid="risk-dismiss"
            >
              Descartar
            </Button>
          )}
        </Group>
        <Stack gap={6}>
          {item.accounts.map((a) => (
            <Group
              key={a.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid="risk-account"
              data-user-id={a.id}
            >
              <Group gap={6} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/admin/usuarios/${a.id}`} fw={700} fz="sm">
                  {a.name}
                </Anchor>
                <Text span fz="xs" c="dimmed" truncate maw={220}>
                  #{a.id} · {a.email}
                </Text>
                {accountStake(item, a.id) !== null && (
                  <Text span fz="xs" c="dimmed">
                    · {formatBolivares(accountStake(item, a.id)!)}
                  </Text>
                )}
                {a.status === 'suspendido' && (
                  <Badge size="xs" color="red">
                    Suspendida
                  </Badge>
                )}
                {a.flagged && (
                  <Badge size="xs" color="orange">
                    Marcada
                  </Badge>
                )}
                {a.withdrawals_held && (
                  <Badge size="xs" color="red" variant="outline">
                    Retiros retenidos
                  </Badge>
                )}
              </Group>
              <RiskAccountActions
                account={a}
                {...(item.status === 'open' ? { itemId: item.id } : {})}
              />
            </Group>
          ))}
        </Stack>
        <Stack
          gap={2}
          p="xs"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 8 }}
          data-testid="admin-risk-evidence"
        >
          {evidenceLines(item).map((line, i) => (
            <Text key={i} fz="sm">
              {line}
            </Text>
          ))}
          {item.kind === 'hand_sharing' && <HandSharingEvidence item={item} />}
        </Stack>
        {item.status !== 'open' && (
          <Text fz="xs" c="dimmed">
            {STATUS_LABELS[item.status].replace(/s$/, '')} por {item.decided_by ?? '—'}
            {item.decided_at ? ` el ${formatCaracasDateTime(item.decided_at)}` : ''}
            {item.note ? `: ${item.note}` : ''}
          </Text>
        )}
      </Stack>
      <DecisionModal
        opened={dismissing}
        onClose={() => {
          setDismissing(false);
          setError(null);
        }}
        title="Descartar alerta"
        confirmLabel="Descartar"
        confirmColor="gray"
        field={{
          label: 'Nota',
          placeholder: 'Por qué no es fraude (queda en la auditoría)',
          multiline: true,
          validate: (v) => reasonError(v, 'note'),
          testId: 'risk-dismiss-note',
        }}
        loading={dismiss.isPending}
        error={error}
        onConfirm={(value) => void confirmDismiss(value)}
        testId="risk-dismiss-modal"
      >
        <Text fz="sm">
          {kindLabel(item)}: {item.accounts.map((a) => a.name).join(', ')}
        </Text>
      </DecisionModal>
    </Card>
  );
}
