import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Divider,
  Flex,
  Group,
  List,
  Loader,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconTrophy, IconWallet } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MSG, formatBs, type TournamentDetail } from '@domino/contracts';
import { RuleChips } from '../../../components/TableRules';
import { isApiError } from '../../../lib/api';
import { bolivaresToCents } from '../../../lib/format';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { getSession, refreshUser, updateUser, useSession } from '../../../lib/session';
import {
  fetchTournament,
  registerTournament,
  tournamentKey,
  tournamentsKey,
} from '../api/tournaments';
import {
  entryLabel,
  formatLabel,
  formatShare,
  placeLabel,
  fullHousePrizes,
  startLabel,
} from '../lib/tournaments';
import { registerTerms } from '../lib/register';

function Row({
  label,
  value,
  strong = false,
  color,
  testId,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  color?: string;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        fz={strong ? 'md' : 'sm'}
        fw={strong ? 800 : 600}
        c={color}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

export interface RegisterModalProps {
  /** The tournament to register in; null closes the dialog. */
  tournamentId: number | null;
  onClose(): void;
}

/**
 * "Inscribirme" asks before charging, like joining a table (decision 017): the tournament's
 * terms (start in Caracas time, mode and rules, format), the entry, the prize places with their
 * share of the pool after the house fee (amounts estimated from today's pool), the balance
 * before and after, and the rules of play (2 minutes to show, unregister before the start for a
 * refund, minimum entrants). Parejas: with a partner's username (they confirm and pay their own
 * entry) or "Pareja al azar". Nothing is charged until the confirm button; the request carries
 * an Idempotency-Key, reused if the same choice is retried.
 */
export function RegisterModal({ tournamentId, onClose }: RegisterModalProps) {
  const detail = useQuery({
    queryKey: tournamentKey(tournamentId ?? 0),
    queryFn: ({ signal }) => fetchTournament(tournamentId ?? 0, signal),
    enabled: tournamentId !== null,
  });
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={tournamentId !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Confirma tu inscripción"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {tournamentId !== null &&
        (detail.data ? (
          <RegisterForm detail={detail.data} onDone={onClose} onBusy={setBusy} />
        ) : detail.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {detail.error.message}
          </Alert>
        ) : (
          <Center py="xl">
            <Loader type="dots" />
          </Center>
        ))}
    </Modal>
  );
}

function RegisterForm({
  detail,
  onDone,
  onBusy,
}: {
  detail: TournamentDetail;
  onDone(): void;
  onBusy(busy: boolean): void;
}) {
  const client = useQueryClient();
  const { user } = useSession();
  const invitation = detail.invitations[0] ?? null;
  const [how, setHow] = useState<'partner' | 'random'>(invitation ? 'partner' : 'random');
  // An invitation names its inviter by username: confirming is one tap.
  const [partner, setPartner] = useState(invitation?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submission = useRef<KeyedSubmission | null>(null);
  const terms = registerTerms(detail, user?.balance ?? 0);
  const parejas = detail.mode === 'parejas';
  const lines = fullHousePrizes(detail);

  const confirm = async () => {
    const name = parejas && how === 'partner' ? partner.trim().replace(/^@/, '') : undefined;
    if (parejas && how === 'partner' && !name) {
      setError('Escribe el nombre de usuario de tu pareja, o elige «Pareja al azar».');
      return;
    }
    submission.current = keyForSubmission(
      submission.current,
      JSON.stringify({ id: detail.id, partner: name ?? null }),
    );
    setSending(true);
    onBusy(true);
    setError(null);
    try {
      const res = await registerTournament(detail.id, name, submission.current.key);
      const current = getSession().user;
      if (current) updateUser({ ...current, balance: res.new_balance });
      notify.success(res.message);
      void client.invalidateQueries({ queryKey: tournamentsKey });
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.message : MSG.unexpected);
      // The balance may have changed on another device.
      refreshUser().catch(() => undefined);
    } finally {
      setSending(false);
      onBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="tournament-register" data-tournament-id={detail.id}>
      <Text fz="sm">
        <b>{detail.name}</b> · {formatLabel(detail)}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="tournament-register-start">
        Comienza el {startLabel(detail.starts_at)} (hora de Caracas)
      </Text>
      <RuleChips rules={detail.rules} testId="tournament-register-rules" />

      <Stack gap={6}>
        <Row
          label="Entrada por jugador"
          value={entryLabel(detail.entry_fee)}
          strong
          testId="tournament-register-entry"
        />
        {!terms.free && (
          <Row
            label="Bote actual"
            value={formatBs(bolivaresToCents(detail.pool))}
            testId="tournament-register-pool"
          />
        )}
      </Stack>

      {terms.free ? (
        <Text fz="xs" c="dimmed" data-testid="tournament-register-free">
          Torneo gratuito: no se paga entrada ni hay premio en dinero. Tu saldo no cambia.
        </Text>
      ) : (
        <Stack gap={4} data-testid="tournament-register-prizes">
          <Group gap={6}>
            <IconTrophy size={16} color="var(--mantine-color-gold-6)" aria-hidden />
            <Text fz="sm" fw={700}>
              Premios con el cupo lleno
            </Text>
          </Group>
          {lines.map((l) => (
            <Row
              key={l.place}
              label={
                <>
                  {`${placeLabel(l.place)} puesto · ${l.share}`}
                  {l.each && (
                    <Text span display="block" fz="xs" c="dimmed">
                      {l.each} para cada uno
                    </Text>
                  )}
                </>
              }
              value={l.amount}
              testId={`tournament-register-prize-${l.place}`}
            />
          ))}
          <Text fz="xs" c="dimmed">
            Se reparte el bote tras la comisión de la casa ({formatShare(detail.house_fee_bps)}) al
            terminar el torneo; con menos inscritos, los premios son proporcionales.
            {parejas ? ' En parejas, cada premio se reparte entre los dos.' : ''}
          </Text>
        </Stack>
      )}

      {parejas && (
        <Radio.Group
          value={how}
          onChange={(v) => setHow(v === 'partner' ? 'partner' : 'random')}
          label="Tu pareja"
        >
          <Stack gap={6} mt={6}>
            <Radio value="partner" label="Con mi pareja" data-testid="tournament-register-with" />
            {how === 'partner' && (
              <TextInput
                size="sm"
                label="Nombre de usuario de tu pareja"
                description={
                  invitation
                    ? `${invitation.name} te invitó: confirma con su usuario y paga tu entrada.`
                    : 'Tu pareja confirma su inscripción y paga su propia entrada antes del inicio.'
                }
                placeholder="usuario"
                value={partner}
                onChange={(e) => setPartner(e.currentTarget.value)}
                autoCapitalize="none"
                autoCorrect="off"
                data-testid="tournament-register-partner"
              />
            )}
            <Radio
              value="random"
              label="Pareja al azar"
              description="Al inicio te asignamos otro jugador inscrito sin pareja."
              data-testid="tournament-register-random"
            />
          </Stack>
        </Radio.Group>
      )}

      {!terms.free && (
        <Stack gap={6}>
          <Divider my={4} />
          <Row label="Tu saldo" value={formatBs(terms.balanceCents)} />
          <Row
            label="Saldo después de inscribirte"
            value={formatBs(terms.balanceAfterCents)}
            strong
            color={terms.affordable ? undefined : 'red.7'}
            testId="tournament-register-balance-after"
          />
        </Stack>
      )}

      <List size="xs" c="dimmed" spacing={2}>
        <List.Item>
          Cuando tu partida esté lista te avisamos: tienes 2 minutos para entrar o la pierdes.
        </List.Item>
        <List.Item>
          Puedes cancelar la inscripción antes del inicio
          {terms.free ? '.' : ' y te devolvemos la entrada.'}
        </List.Item>
        <List.Item>
          Si al inicio no hay {detail.min_entrants} {parejas ? 'parejas' : 'jugadores'} inscritos,
          el torneo se cancela{terms.free ? '.' : ' y devolvemos cada entrada.'}
        </List.Item>
      </List>

      {!terms.affordable && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          data-testid="tournament-register-insufficient"
        >
          {MSG.insufficientBalanceNotice}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          data-testid="tournament-register-error"
        >
          {error}
        </Alert>
      )}

      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onDone} disabled={sending}>
          Cancelar
        </Button>
        {terms.affordable ? (
          <Button
            onClick={() => void confirm()}
            loading={sending}
            data-testid="tournament-register-confirm"
          >
            {terms.free ? 'Inscribirme' : `Pagar ${formatBs(terms.entryCents)} e inscribirme`}
          </Button>
        ) : (
          <Button
            component={Link}
            to="/recharge"
            onClick={onDone}
            leftSection={<IconWallet size={16} aria-hidden />}
          >
            Recargar saldo
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
