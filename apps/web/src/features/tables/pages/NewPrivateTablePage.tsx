import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { Loading, LoadError } from '../../../components/LoadState';
import { IconAlertCircle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  DEFAULT_RULES,
  type AllowedRules,
  type PrivateTableOptions,
  type TableRules,
} from '@domino/contracts';
import { ElsewhereLink } from '../../../components/ElsewhereLink';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { RuleFields } from '../../../components/RuleFields';
import { isApiError } from '../../../lib/api';
import { keepTogether } from '../../../lib/format';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { joinErrorText } from '../../../lib/join';
import { notify } from '../../../lib/notify';
import { rememberPrivateSeat } from '../../../lib/private-seat';
import { rulesWithin } from '../../../lib/rule-limits';
import { getSession, refreshUser, updateUser, useSession } from '../../../lib/session';
import { createPrivateTable, usePrivateOptions } from '../api/private';
import { tableKey } from '../api/tables';
import { PrizeCard } from '../components/PrizeCard';
import { entryPriceLabel } from '../lib/private-table';

/**
 * /mesas/nueva (docs/product.md "Mesas privadas"): a player creates a private table. The options
 * come from staff (GET /api/private-tables/options): the rule fields offer only the allowed
 * values, the entry is one of the listed prices (0 = amistosa). Paid tables show what the winner
 * gets (the same splitPot the server settles with). 'Crear mesa' opens the same confirmation as a
 * join (the host pays the entry and sits), then POST /api/private-tables with an Idempotency-Key
 * and on to the waiting room, whose invitation panel shares the link. Refusals (a rule or price
 * no longer allowed, balance, already hosting a table) show on the form in the server's Spanish.
 */
export default function NewPrivateTablePage() {
  const options = usePrivateOptions();
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} data-testid="private-new">
      <Anchor
        component={Link}
        to="/dashboard"
        fz="sm"
        mb="xs"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden /> Mesas
      </Anchor>
      <Stack gap={4} mb="md">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Mesa privada
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          Crea tu mesa
        </Title>
        <Text c="dimmed" fz="sm">
          Elige las reglas y la entrada. Solo entra quien tenga tu enlace o tu código.
        </Text>
      </Stack>
      {options.isPending ? (
        <Loading label="Cargando opciones…" />
      ) : options.isError ? (
        <LoadError
          message={options.error.message}
          onRetry={() => void options.refetch()}
          retrying={options.isFetching}
        />
      ) : (
        <PrivateTableForm options={options.data} />
      )}
    </Container>
  );
}

function PrivateTableForm({ options }: { options: PrivateTableOptions }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const allowed = options.allowed_rules as AllowedRules;
  const [rules, setRules] = useState<TableRules>(() => rulesWithin(allowed, DEFAULT_RULES));
  const [price, setPrice] = useState<number>(options.entry_prices[0] ?? 0);
  const [spectators, setSpectators] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  // One Idempotency-Key per submission: a retry of the same choices reuses it.
  const submission = useRef<KeyedSubmission | null>(null);

  const terms = {
    id: 0,
    name: 'Tu mesa privada',
    entry_price: price,
    max_players: rules.players,
    mode: rules.mode,
    target_points: rules.target_points,
    house_fee_bps: options.house_fee_bps,
    pot_share_bps: options.pot_share_bps,
    rules,
  };

  const ask = () => {
    setFormError(null);
    // The dialog shows the server's balance (it may have changed on another device).
    refreshUser().catch(() => undefined);
    setConfirming(true);
  };

  const create = async () => {
    const payload = { rules, entry_price: price, allow_spectators: spectators };
    submission.current = keyForSubmission(submission.current, JSON.stringify(payload));
    setCreating(true);
    try {
      const res = await createPrivateTable(payload, submission.current.key);
      const current = getSession().user;
      if (current) {
        updateUser({ ...current, balance: res.new_balance });
        rememberPrivateSeat({ userId: current.id, tableId: res.table.id });
      }
      client.setQueryData(tableKey(res.table.id), res.table);
      notify.success(res.message);
      setConfirming(false);
      navigate(`/waiting-room/${res.table.id}`);
    } catch (error) {
      setConfirming(false);
      setFormError(joinErrorText(error));
      setRefusal(error);
      if (isApiError(error)) {
        const errors: Record<string, string> = {};
        for (const [key, list] of Object.entries(error.fieldErrors)) {
          const field = key.replace(/^rules\./, '');
          if (list[0]) errors[field] = list[0];
        }
        setFieldErrors(errors);
      } else setFieldErrors({});
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap="md">
      <Card padding="md">
        <Title order={2} fz="md" mb="xs">
          Reglas
        </Title>
        <RuleFields
          rules={rules}
          errors={fieldErrors}
          allowed={allowed}
          onChange={(key, next) => {
            setRules(next);
            setFieldErrors((e) => ({ ...e, [key]: undefined }));
          }}
          testIdPrefix="private-rule"
          testId="private-rules"
        />
      </Card>

      <Card padding="md">
        <Radio.Group
          value={String(price)}
          onChange={(v) => setPrice(Number(v))}
          label={
            <Text fw={700} fz="md" component="span">
              Entrada por jugador
            </Text>
          }
          description="Cada jugador paga la entrada al sentarse; el ganador se lleva el premio."
        >
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt="xs">
            {options.entry_prices.map((p) => (
              <Radio.Card
                key={p}
                value={String(p)}
                radius="md"
                px="xs"
                py="sm"
                data-testid={`private-price-${Math.round(p * 100)}`}
                aria-label={entryPriceLabel(p)}
              >
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Radio.Indicator size="xs" mt={2} />
                  <Text fz="sm" fw={600} lh={1.3}>
                    {/* An amount never breaks inside ('Bs. 1.000,00'); 'Amistosa (gratis)' may. */}
                    {p === 0 ? entryPriceLabel(p) : keepTogether(entryPriceLabel(p))}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Switch
          mt="md"
          checked={spectators}
          onChange={(e) => setSpectators(e.currentTarget.checked)}
          label="Permitir espectadores"
          description="Quien tenga el enlace puede mirar la partida sin jugar. Nadie ve las fichas de otro jugador."
          data-testid="private-spectators"
        />
      </Card>

      <PrizeCard table={terms} />

      {formError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          data-testid="private-form-error"
        >
          {formError}
          <ElsewhereLink error={refusal} />
        </Alert>
      )}

      <Stack gap={6}>
        <Button
          size="md"
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={ask}
          disabled={user === null}
          data-testid="private-create"
        >
          Crear mesa
        </Button>
        <Text fz="xs" c="dimmed" ta="center">
          La invitación vence en {options.expiry_minutes} minutos si la mesa no se completa;
          entonces devolvemos cada entrada.
        </Text>
      </Stack>

      <JoinConfirmModal
        table={confirming ? terms : null}
        balance={user?.balance ?? 0}
        joining={creating}
        action="create"
        onConfirm={() => void create()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
