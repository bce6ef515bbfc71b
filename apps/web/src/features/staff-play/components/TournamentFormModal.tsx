import { useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TOURNAMENT_FORMAT_LABELS, formatBs, type TournamentFormat } from '@domino/contracts';
import { RuleFields } from '../../../components/RuleFields';
import { FormActions, StaffFormModal } from '../../../components/staff/FormActions';
import { isApiError } from '../../../lib/api';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { createTournament, useRefreshTournaments } from '../api/tournaments';
import { percentTextToBps, priceTextToBolivares } from '../lib/tables';
import {
  CARACAS_OFFSET,
  allowedForFormat,
  defaultTournamentForm,
  placesForFormat,
  playersPerEntrant,
  prizePreview,
  prizeSumBps,
  rulesForFormat,
  validateTournamentForm,
  type TournamentField,
  type TournamentFormErrors,
  type TournamentFormValues,
} from '../lib/tournaments';

/** How many prize places the form offers at most (the contracts allow 16). */
const MAX_PLACES = 16;

/**
 * Schedule a tournament (POST /api/admin/tournaments): name, start in Caracas time, entry or
 * free, house fee, format (which fixes the mode), the rules of every match (RuleFields), the
 * places and the minimum in one unit (pairs in parejas, players in Swiss), the prize split in percent that must add to 100 (with what each
 * place gets when every place is taken), and the Swiss rounds.
 */
export function TournamentFormModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <StaffFormModal opened={opened} onClose={onClose} title="Programar torneo">
      {() => <TournamentForm onDone={onClose} />}
    </StaffFormModal>
  );
}

function TournamentForm({ onDone }: { onDone(): void }) {
  const refresh = useRefreshTournaments();
  const [values, setValues] = useState<TournamentFormValues>(() =>
    defaultTournamentForm(Date.now()),
  );
  const [errors, setErrors] = useState<TournamentFormErrors & Record<string, string | undefined>>(
    {},
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submission = useRef<KeyedSubmission | null>(null);

  const set = <K extends keyof TournamentFormValues>(
    key: K,
    value: TournamentFormValues[K],
    field: TournamentField = key as TournamentField,
  ) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const sum = prizeSumBps(values.prizes);
  const entry = values.free ? 0 : priceTextToBolivares(values.entry_fee);
  const fee = values.free ? 0 : percentTextToBps(values.house_fee_pct);
  const capacity = Number(values.capacity) * playersPerEntrant(values.format);
  const preview =
    entry !== null && fee !== null && sum === 10_000 && Number.isInteger(capacity) && capacity > 0
      ? prizePreview(
          capacity,
          Math.round(entry * 100),
          fee,
          values.prizes.map((p) => percentTextToBps(p) ?? 0),
        )
      : null;
  const parejas = values.format !== 'swiss';
  const duplicate = values.format === 'duplicate';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateTournamentForm(values, Date.now());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    submission.current = keyForSubmission(submission.current, JSON.stringify(checked.input));
    setSaving(true);
    setFormError(null);
    try {
      await createTournament(checked.input, submission.current.key);
      notify.success('Torneo programado');
      refresh();
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        const next: Record<string, string> = {};
        for (const [field, list] of Object.entries(error.fieldErrors)) {
          const key = field.split('.')[0] ?? field;
          if (list[0] && !next[key]) next[key] = list[0];
        }
        setErrors(next);
      }
      setFormError(isApiError(error) ? error.message : 'No se pudo programar el torneo.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="admin-tournament-form">
      <Stack gap="sm">
        <TextInput
          size="sm"
          label="Nombre"
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={80}
          required
          data-autofocus
          data-testid="admin-tournament-name"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            size="sm"
            type="datetime-local"
            label="Inicio"
            description={`Hora de Caracas (UTC${CARACAS_OFFSET})`}
            value={values.starts_at}
            onChange={(e) => set('starts_at', e.currentTarget.value)}
            error={errors.starts_at}
            required
            data-testid="admin-tournament-start"
          />
          <Select
            size="sm"
            label="Formato"
            description={
              duplicate
                ? 'Parejas de cuatro en cuatro, mismas fichas en dos mesas'
                : parejas
                  ? 'Parejas; byes si no son potencia de 2'
                  : 'Individual, partidas de 2'
            }
            data={(Object.keys(TOURNAMENT_FORMAT_LABELS) as TournamentFormat[]).map((f) => ({
              value: f,
              label: TOURNAMENT_FORMAT_LABELS[f],
            }))}
            value={values.format}
            onChange={(v) => {
              if (!v) return;
              const format = v as TournamentFormat;
              setValues((prev) => ({
                ...prev,
                format,
                capacity: placesForFormat(prev.capacity, prev.format, format),
                rules: rulesForFormat(prev.rules, format),
              }));
              setErrors((e) => ({ ...e, format: undefined }));
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={errors.format}
            data-testid="admin-tournament-format"
          />
        </SimpleGrid>

        <Switch
          label="Torneo gratuito"
          description="Sin entrada ni premio en dinero"
          checked={values.free}
          onChange={(e) => set('free', e.currentTarget.checked, 'entry_fee')}
          data-testid="admin-tournament-free"
        />
        {!values.free && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              size="sm"
              label="Entrada"
              description="En bolívares, por jugador"
              leftSection={<Text fz="sm">Bs.</Text>}
              inputMode="decimal"
              value={values.entry_fee}
              onChange={(e) => set('entry_fee', e.currentTarget.value)}
              error={errors.entry_fee}
              data-testid="admin-tournament-entry"
            />
            <TextInput
              size="sm"
              label="Comisión de la casa"
              description="Porcentaje del bote (0 a 50)"
              rightSection={<Text fz="sm">%</Text>}
              inputMode="decimal"
              value={values.house_fee_pct}
              onChange={(e) => set('house_fee_pct', e.currentTarget.value, 'house_fee_bps')}
              error={errors.house_fee_bps}
              data-testid="admin-tournament-fee"
            />
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, xs: parejas && !duplicate ? 2 : 3 }} spacing="sm">
          <TextInput
            size="sm"
            label="Cupo"
            description={parejas ? 'En parejas (2 jugadores cada una)' : 'En jugadores'}
            inputMode="numeric"
            value={values.capacity}
            onChange={(e) => set('capacity', e.currentTarget.value)}
            error={errors.capacity}
            data-testid="admin-tournament-capacity"
          />
          <TextInput
            size="sm"
            label="Mínimo de inscritos"
            description={
              parejas ? 'En parejas; si no, se cancela' : 'En jugadores; si no, se cancela'
            }
            inputMode="numeric"
            value={values.min_entrants}
            onChange={(e) => set('min_entrants', e.currentTarget.value)}
            error={errors.min_entrants}
            data-testid="admin-tournament-min"
          />
          {duplicate && (
            <TextInput
              size="sm"
              label="Manos por duplicado"
              description="Las mismas en las dos mesas (2 a 32)"
              inputMode="numeric"
              value={values.boards}
              onChange={(e) => set('boards', e.currentTarget.value)}
              error={errors.boards}
              data-testid="admin-tournament-boards"
            />
          )}
          {!parejas && (
            <TextInput
              size="sm"
              label="Rondas"
              description="Vacío: automático"
              inputMode="numeric"
              value={values.swiss_rounds}
              onChange={(e) => set('swiss_rounds', e.currentTarget.value)}
              error={errors.swiss_rounds}
              data-testid="admin-tournament-rounds"
            />
          )}
        </SimpleGrid>

        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            Reglas de cada partida
          </Text>
          <RuleFields
            rules={values.rules}
            errors={{}}
            allowed={allowedForFormat(values.format)}
            onChange={(_, rules) => {
              setValues((v) => ({ ...v, rules: rulesForFormat(rules, v.format) }));
              setErrors((e) => ({ ...e, rules: undefined }));
            }}
            testIdPrefix="admin-tournament-rule"
            testId="admin-tournament-rules"
          />
          {errors.rules && (
            <Text fz="xs" c="red" role="alert">
              {errors.rules}
            </Text>
          )}
        </Stack>

        {!values.free && (
          <Stack gap={6} data-testid="admin-tournament-prizes">
            <Group justify="space-between" gap="xs">
              <Text fz="sm" fw={500}>
                Reparto de premios
              </Text>
              <Text
                fz="sm"
                fw={700}
                c={sum === 10_000 ? 'green.8' : 'red.7'}
                data-testid="admin-tournament-prize-sum"
              >
                Suma: {sum === null ? '—' : `${String(sum / 100).replace('.', ',')} %`}
              </Text>
            </Group>
            {values.prizes.map((p, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <Text fz="sm" w={64} pt={6}>
                  {i + 1}.º puesto
                </Text>
                <TextInput
                  size="sm"
                  style={{ flex: 1 }}
                  rightSection={<Text fz="sm">%</Text>}
                  inputMode="decimal"
                  aria-label={`Porcentaje del ${i + 1}.º puesto`}
                  value={p}
                  onChange={(e) => {
                    const next = [...values.prizes];
                    next[i] = e.currentTarget.value;
                    set('prizes', next, 'prize_split_bps');
                  }}
                  data-testid={`admin-tournament-prize-${i + 1}`}
                />
                <Text
                  fz="sm"
                  w={110}
                  ta="right"
                  pt={6}
                  c="dimmed"
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {preview ? formatBs(preview.prizesCents[i] ?? 0) : '—'}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Quitar el ${i + 1}.º puesto`}
                  disabled={values.prizes.length <= 1}
                  onClick={() =>
                    set(
                      'prizes',
                      values.prizes.filter((_, j) => j !== i),
                      'prize_split_bps',
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between" gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={values.prizes.length >= MAX_PLACES}
                onClick={() => set('prizes', [...values.prizes, '0'], 'prize_split_bps')}
                data-testid="admin-tournament-prize-add"
              >
                Añadir puesto
              </Button>
              {preview && (
                <Text fz="xs" c="dimmed">
                  Con el cupo lleno: bote {formatBs(preview.poolCents)}, casa{' '}
                  {formatBs(preview.feeCents)}
                </Text>
              )}
            </Group>
            {errors.prize_split_bps && (
              <Text fz="xs" c="red" role="alert" data-testid="admin-tournament-prize-error">
                {errors.prize_split_bps}
              </Text>
            )}
          </Stack>
        )}

        <FormActions
          error={formError}
          saving={saving}
          submitLabel="Programar torneo"
          onCancel={onDone}
          testId="admin-tournament"
        />
      </Stack>
    </form>
  );
}
