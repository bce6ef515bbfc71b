import { useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import {
  MSG,
  MSG_POT,
  POT_MAX_POSITIONS,
  formatBs,
  splitPotShares,
  type AdminPotResponse,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatCaracasDateTime } from '../../../lib/format';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useAdminPot, useTopUpPot, useUpdatePotSettings } from '../api/pot';
import {
  bpsToInput,
  bpsToPercent,
  draftTotalBps,
  ordinal,
  parseSharesDraft,
  parseTopUpAmount,
  topUpReasonProblem,
} from '../lib/pot';

const errorText = (error: unknown) => (isApiError(error) ? error.message : MSG.unexpected);

/** Description and payout shares of the current month (PATCH /api/admin/pot). */
function SettingsCard({ pot }: { pot: AdminPotResponse }) {
  const mutation = useUpdatePotSettings();
  const [description, setDescription] = useState(pot.description);
  const [rows, setRows] = useState(() => pot.shares_bps.map(bpsToInput));
  const [error, setError] = useState<string | null>(null);

  const total = draftTotalBps(rows);
  const parsed = parseSharesDraft(rows);
  const estimates = 'bps' in parsed ? splitPotShares(pot.amount_cents, parsed.bps) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!('bps' in parsed)) {
      setError(parsed.error);
      return;
    }
    setError(null);
    mutation.mutate(
      { description: description.trim(), shares_bps: parsed.bps },
      {
        onSuccess: (res) => notify.success(res.message),
        onError: (err) => {
          const fields = isApiError(err) ? err.fieldErrors : {};
          setError(fields.shares_bps?.[0] ?? fields.description?.[0] ?? errorText(err));
        },
      },
    );
  };

  return (
    <Card padding="lg" radius="lg" withBorder>
      <form onSubmit={submit} noValidate aria-label="Configuración del pote">
        <Stack gap="md">
          <Title order={3} fz="lg">
            Configuración de {pot.month_name}
          </Title>
          <Textarea
            label="Descripción"
            description="Se muestra a los jugadores en el aviso del pote y en /pote."
            placeholder="Ej. ¡Este mes el pote trae un aporte especial de la casa!"
            autosize
            minRows={2}
            maxLength={500}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-testid="pot-description"
          />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={600} fz="sm">
                Reparto por posición (%)
              </Text>
              <Badge
                color={total === 10_000 ? 'felt' : 'red'}
                variant="light"
                data-testid="pot-shares-total"
              >
                Total {bpsToPercent(total)}
              </Badge>
            </Group>
            {rows.map((value, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <Text w={36} fz="sm" fw={700} c="dimmed">
                  {ordinal(i + 1)}
                </Text>
                <TextInput
                  aria-label={`Porcentaje de la posición ${i + 1}`}
                  value={value}
                  inputMode="decimal"
                  rightSection={<Text fz="sm">%</Text>}
                  onChange={(e) => {
                    const next = [...rows];
                    next[i] = e.currentTarget.value;
                    setRows(next);
                    setError(null);
                  }}
                  style={{ flex: 1 }}
                  data-testid={`pot-share-${i + 1}`}
                />
                <Text fz="xs" c="dimmed" w={110} ta="right" visibleFrom="xs">
                  {estimates ? `≈ ${formatBs(estimates[i] ?? 0)}` : ''}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar la posición ${i + 1}`}
                  disabled={rows.length <= 1}
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={rows.length >= POT_MAX_POSITIONS}
                onClick={() => setRows([...rows, ''])}
              >
                Añadir posición
              </Button>
            </Group>
            <Text fz="xs" c="dimmed">
              Entre 1 y {POT_MAX_POSITIONS} posiciones que sumen 100 %. Si hay menos jugadores en el
              ranking que posiciones, lo no repartido se acumula al mes siguiente.
            </Text>
          </Stack>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="pot-save">
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A top-up with a reason, confirmed in a modal, idempotent per submission. */
function TopUpCard({ pot }: { pot: AdminPotResponse }) {
  const mutation = useTopUpPot();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [confirm, setConfirm] = useState<{ cents: number; reason: string } | null>(null);
  const submission = useRef<KeyedSubmission | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const a = parseTopUpAmount(amount);
    const r = topUpReasonProblem(reason);
    const next = { amount: 'error' in a ? a.error : undefined, reason: r ?? undefined };
    setErrors(next);
    if ('cents' in a && !r) setConfirm({ cents: a.cents, reason: reason.trim() });
  };

  const send = () => {
    if (!confirm || mutation.isPending) return;
    const payload = { amount: confirm.cents / 100, reason: confirm.reason };
    submission.current = keyForSubmission(submission.current, JSON.stringify(payload));
    mutation.mutate(
      { ...payload, key: submission.current.key },
      {
        onSuccess: (res) => {
          notify.success(`${res.message}: ahora tiene ${formatBs(res.amount_cents)}`);
          setAmount('');
          setReason('');
          setConfirm(null);
          submission.current = null;
        },
        onError: (err) => {
          setConfirm(null);
          const fields = isApiError(err) ? err.fieldErrors : {};
          setErrors({
            amount: fields.amount?.[0],
            reason: fields.reason?.[0],
            form: fields.amount || fields.reason ? undefined : errorText(err),
          });
        },
      },
    );
  };

  return (
    <Card padding="lg" radius="lg" withBorder>
      <form onSubmit={review} noValidate aria-label="Aportar al pote">
        <Stack gap="md">
          <Title order={3} fz="lg">
            Aportar al pote
          </Title>
          <Text fz="sm" c="dimmed">
            El aporte sale de la cuenta de ajustes de la casa y entra al pote de {pot.month_name}.
            Queda registrado con tu usuario y el motivo.
          </Text>
          <TextInput
            label="Monto (Bs.)"
            placeholder="Ej. 5000 o 1250,50"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.amount}
            required
            data-testid="pot-topup-amount"
          />
          <Textarea
            label="Motivo"
            placeholder="Ej. Aporte promocional de aniversario"
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.reason}
            required
            data-testid="pot-topup-reason"
          />
          {errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" color="gold" c="dark.9" data-testid="pot-topup-submit">
              Aportar
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirm !== null}
        onClose={() => !mutation.isPending && setConfirm(null)}
        title={<Text fw={700}>Confirmar aporte</Text>}
        centered
        radius="lg"
      >
        {confirm && (
          <Stack gap="md">
            <Text fz="sm">
              Vas a aportar <b>{formatBs(confirm.cents)}</b> al pote de {pot.month_name} {pot.year}.
              El pote pasará de {formatBs(pot.amount_cents)} a{' '}
              <b>{formatBs(pot.amount_cents + confirm.cents)}</b>.
            </Text>
            <Paper withBorder p="sm" radius="md">
              <Text fz="xs" c="dimmed">
                Motivo
              </Text>
              <Text fz="sm">{confirm.reason}</Text>
            </Paper>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setConfirm(null)}
                disabled={mutation.isPending}
              >
                Cancelar
              </Button>
              <Button
                color="gold"
                c="dark.9"
                onClick={send}
                loading={mutation.isPending}
                data-testid="pot-topup-confirm"
              >
                Confirmar aporte
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function HistoryTable({ pot }: { pot: AdminPotResponse }) {
  if (pot.history.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Todavía no se ha cerrado ningún mes.
      </Text>
    );
  return (
    <>
      {/* Phones: one card per month. */}
      <Stack gap="sm" hiddenFrom="sm">
        {pot.history.map((h) => (
          <Paper key={h.period} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={700}>
                {h.month_name} {h.year}
              </Text>
              <Badge color={h.status === 'paid' ? 'felt' : 'gray'} variant="light">
                {h.status === 'paid' ? 'Pagado' : 'Acumulado'}
              </Badge>
            </Group>
            {h.winners.map((w) => (
              <Group key={w.position} justify="space-between" wrap="nowrap" gap="xs">
                <Text fz="sm" truncate>
                  {ordinal(w.position)} {w.name}
                </Text>
                <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatBs(w.amount_cents)}
                </Text>
              </Group>
            ))}
            <Text fz="xs" c="dimmed" mt={4}>
              Pagado {formatBs(h.paid_cents)} · Acumulado {formatBs(h.carried_cents)}
              {h.closed_at ? ` · ${formatCaracasDateTime(h.closed_at)}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="xs" striped aria-label="Meses cerrados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mes</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Ganadores</Table.Th>
              <Table.Th ta="right">Pagado</Table.Th>
              <Table.Th ta="right">Acumulado</Table.Th>
              <Table.Th>Cierre</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pot.history.map((h) => (
              <Table.Tr key={h.period}>
                <Table.Td fw={600}>
                  {h.month_name} {h.year}
                </Table.Td>
                <Table.Td>
                  <Badge color={h.status === 'paid' ? 'felt' : 'gray'} variant="light">
                    {h.status === 'paid' ? 'Pagado' : 'Acumulado'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {h.winners.length === 0 ? (
                    <Text fz="sm" c="dimmed">
                      Sin jugadores
                    </Text>
                  ) : (
                    <Stack gap={0}>
                      {h.winners.map((w) => (
                        <Text key={w.position} fz="sm">
                          {ordinal(w.position)} {w.name} · {formatBs(w.amount_cents)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatBs(h.paid_cents)}</Table.Td>
                <Table.Td ta="right">{formatBs(h.carried_cents)}</Table.Td>
                <Table.Td fz="sm">
                  {h.closed_at ? formatCaracasDateTime(h.closed_at) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** /admin/pote: the month's pot, its settings, top-ups and the closed months (decision 007). */
export default function AdminPotPage() {
  const query = useAdminPot();
  if (query.isPending)
    return (
      <Center py={64}>
        <Loader type="dots" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{MSG_POT.loadError}</Text>
          <Button
            size="xs"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  const pot = query.data;
  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Pote del Mes
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {[
          {
            label: `Pote de ${pot.month_name} ${pot.year}`,
            value: formatBs(pot.amount_cents),
            color: 'felt.7',
            testId: 'admin-pot-amount',
          },
          { label: 'Jugadores con puntos', value: String(pot.ranked_players) },
          { label: 'Cierre (hora de Caracas)', value: formatCaracasDateTime(pot.ends_at) },
        ].map((tile) => (
          <Paper key={tile.label} withBorder radius="md" px="md" py="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="xs" c="dimmed">
                {tile.label}
              </Text>
              <Text
                fz={{ base: 16, sm: 20 }}
                fw={800}
                c={tile.color}
                data-testid={tile.testId}
                style={{ whiteSpace: 'nowrap' }}
              >
                {tile.value}
              </Text>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {/* Keyed by the stored values: the form starts over from the server's after a save. */}
        <SettingsCard key={JSON.stringify([pot.description, pot.shares_bps])} pot={pot} />
        <Stack gap="md">
          <TopUpCard pot={pot} />
          <Card padding="lg" radius="lg" withBorder>
            <Title order={3} fz="lg" mb="sm">
              Aportes de {pot.month_name}
            </Title>
            {pot.top_ups.length === 0 ? (
              <Text fz="sm" c="dimmed">
                Sin aportes del personal este mes.
              </Text>
            ) : (
              <Stack gap="xs">
                {pot.top_ups.map((u) => (
                  <Group key={u.id} justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fz="sm" truncate>
                        {u.reason}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {u.staff ?? 'Personal'} · {formatCaracasDateTime(u.created_at)}
                      </Text>
                    </Stack>
                    <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatBs(u.amount_cents)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        </Stack>
      </SimpleGrid>
      <Card padding="lg" radius="lg" withBorder>
        <Title order={3} fz="lg" mb="sm">
          Ranking actual (10 primeros)
        </Title>
        {pot.top_players.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nadie suma puntos todavía este mes.
          </Text>
        ) : (
          <Stack gap={4}>
            {pot.top_players.map((p) => (
              <Group key={p.user_id} justify="space-between" wrap="nowrap">
                <Text fz="sm" truncate>
                  {ordinal(p.position)} {p.name}{' '}
                  <Text span c="dimmed" fz="xs">
                    (ID {p.user_id})
                  </Text>
                </Text>
                <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {p.points} pts · {p.matches_won} G
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card padding="lg" radius="lg" withBorder>
        <Title order={3} fz="lg" mb="sm">
          Historial de meses
        </Title>
        <HistoryTable pot={pot} />
      </Card>
    </Stack>
  );
}
