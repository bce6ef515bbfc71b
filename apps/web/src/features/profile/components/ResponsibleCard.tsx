import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconHeartHandshake, IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import {
  MSG_RESPONSIBLE,
  PAUSE_KIND,
  PAUSE_OPTIONS,
  RESPONSIBLE_LABELS,
  type LimitKind,
  type LimitView,
  type PauseOption,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  RESPONSIBLE_KEY,
  saveLimit,
  saveReminder,
  startPause,
  useResponsibleSettings,
} from '../api/responsible';
import {
  limitInput,
  limitSummary,
  limitText,
  limitsOf,
  pauseExplanation,
  pendingText,
} from '../lib/responsible';

const TIMEOUTS = PAUSE_OPTIONS.filter((o) => PAUSE_KIND[o] === 'timeout');
const EXCLUSIONS = PAUSE_OPTIONS.filter((o) => PAUSE_KIND[o] === 'exclusion');

const KIND_HELP: Record<LimitKind, string> = {
  deposit: 'Cuánto puedes recargar como máximo (solicitudes pendientes y aprobadas).',
  loss: 'Cuánto puedes perder como máximo: entradas pagadas menos premios ganados.',
};

/** One limit: its field (Bs.), save button, use so far and the pending change. */
function LimitField({ limit, onSaved }: { limit: LimitView; onSaved: () => void }) {
  const [text, setText] = useState(limitText(limit.amount_cents));
  const [error, setError] = useState<string | null>(null);
  const id = `${limit.kind}-${limit.period}`;
  const save = useMutation({
    mutationFn: saveLimit,
    onSuccess: (res) => {
      notify.success(res.message);
      onSaved();
    },
    onError: (err) => setError(isApiError(err) ? err.message : MSG_RESPONSIBLE.amountInvalid),
  });
  const submit = () => {
    const cents = limitInput(text);
    if (cents === undefined) {
      setError('Ingresa un monto válido en bolívares, o déjalo vacío para no tener límite.');
      return;
    }
    setError(null);
    save.mutate({ kind: limit.kind, period: limit.period, amount_cents: cents });
  };
  const pending = pendingText(limit);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={RESPONSIBLE_LABELS.period[limit.period]}
          placeholder="Sin límite"
          leftSection={<Text fz="xs">Bs.</Text>}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-testid={`limit-${id}`}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          variant="light"
          onClick={submit}
          loading={save.isPending}
          data-testid={`save-${id}`}
          mb={error ? 22 : 0}
        >
          Guardar
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" data-testid={`summary-${id}`}>
        {limitSummary(limit)}
      </Text>
      {pending && (
        <Text fz="xs" c="orange" data-testid={`pending-${id}`}>
          {pending}
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Juego responsable" in the profile (docs/decisions/030-responsible-gaming.md): deposit and loss
 * limits per day, week and month, the play reminder, and a time-out or self-exclusion, each
 * confirmed in a dialog that says what it means. The server applies every rule; this only asks.
 */
export function ResponsibleCard() {
  const queryClient = useQueryClient();
  const settings = useResponsibleSettings();
  const [asking, setAsking] = useState<PauseOption | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: RESPONSIBLE_KEY });

  const reminder = useMutation({
    mutationFn: saveReminder,
    onSuccess: (res) => {
      notify.success(res.message);
      void refresh();
    },
    onError: (err) => notify.error(isApiError(err) ? err.message : MSG_RESPONSIBLE.reminderInvalid),
  });
  const pause = useMutation({
    mutationFn: startPause,
    onSuccess: (res) => {
      setAsking(null);
      notify.warning(res.message);
      void refresh();
    },
    onError: (err) => notify.error(isApiError(err) ? err.message : MSG_RESPONSIBLE.pauseInvalid),
  });

  const data = settings.data;
  return (
    <Card padding="lg" shadow="sm" data-testid="responsible-card">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={36} radius="md" variant="light" color="felt">
          <IconHeartHandshake size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Juego responsable
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        Bajar un límite aplica de inmediato; subirlo o quitarlo entra en vigor 24 horas después.
      </Text>

      {!data ? (
        settings.isError ? (
          <Alert color="red" icon={<IconInfoCircle size={18} aria-hidden />}>
            No pudimos cargar tus límites. Intenta de nuevo más tarde.
          </Alert>
        ) : (
          <Loader size="sm" />
        )
      ) : (
        <Stack gap="lg">
          {data.pause && (
            <Alert
              color="orange"
              icon={<IconHourglass size={18} aria-hidden />}
              data-testid="pause-active"
            >
              {data.pause.message}
            </Alert>
          )}
          {(['deposit', 'loss'] as const).map((kind) => (
            <Stack gap="xs" key={kind}>
              <Title order={3} fz="md">
                {RESPONSIBLE_LABELS.kind[kind]}
              </Title>
              <Text fz="xs" c="dimmed">
                {KIND_HELP[kind]}
              </Text>
              <Stack gap="sm">
                {limitsOf(data, kind).map((limit) => (
                  <LimitField
                    // Re-mounted when the server's value changes, so the field shows it.
                    key={`${limit.period}-${limit.amount_cents ?? 'none'}-${limit.pending?.effective_at ?? ''}`}
                    limit={limit}
                    onSaved={() => void refresh()}
                  />
                ))}
              </Stack>
            </Stack>
          ))}

          <Divider />
          <Stack gap="xs">
            <Title order={3} fz="md">
              Recordatorio de tiempo de juego
            </Title>
            <Text fz="xs" c="dimmed">
              Te mostramos cuánto tiempo llevas conectado y tu resultado neto de la sesión.
            </Text>
            <SegmentedControl
              data={[
                { value: 'off', label: 'No' },
                { value: '15', label: '15 min' },
                { value: '30', label: '30 min' },
                { value: '60', label: '60 min' },
              ]}
              value={data.reminder_minutes === null ? 'off' : String(data.reminder_minutes)}
              onChange={(v) => reminder.mutate(v === 'off' ? null : Number(v))}
              disabled={reminder.isPending}
              data-testid="reminder-control"
            />
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Title order={3} fz="md">
              Tomar una pausa
            </Title>
            <Text fz="xs" c="dimmed">
              Pausa de 24 horas, 7 o 30 días, o autoexclusión de 6 meses o permanente. No se puede
              deshacer. Siempre podrás ver tu historial y retirar tu saldo.
            </Text>
            {data.pause?.kind === 'exclusion' && data.pause.until === null ? null : (
              <>
                <Text fz="sm" fw={600}>
                  Pausa
                </Text>
                <SimpleGrid cols={3} spacing="xs">
                  {TIMEOUTS.map((option) => (
                    <Button
                      key={option}
                      variant="default"
                      px={4}
                      h="auto"
                      mih={36}
                      py={6}
                      // Three in a row at 360 px: a label wraps rather than being cut.
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                      onClick={() => setAsking(option)}
                      data-testid={`pause-${option}`}
                    >
                      {RESPONSIBLE_LABELS.pause[option]}
                    </Button>
                  ))}
                </SimpleGrid>
                <Text fz="sm" fw={600}>
                  Autoexclusión
                </Text>
                <SimpleGrid cols={2} spacing="xs">
                  {EXCLUSIONS.map((option) => (
                    <Button
                      key={option}
                      variant="outline"
                      color="red"
                      px="xs"
                      onClick={() => setAsking(option)}
                      data-testid={`pause-${option}`}
                    >
                      {RESPONSIBLE_LABELS.pause[option]}
                    </Button>
                  ))}
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Stack>
      )}

      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking === '6m' || asking === 'permanent'
            ? '¿Autoexcluirte del juego?'
            : '¿Tomar una pausa de juego?'
        }
        centered
      >
        {asking && (
          <Stack gap="md">
            <Text fz="sm" data-testid="pause-explanation">
              {pauseExplanation(asking)}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancelar
              </Button>
              <Button
                color="red"
                loading={pause.isPending}
                onClick={() => pause.mutate(asking)}
                data-testid="pause-confirm"
              >
                Confirmar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
