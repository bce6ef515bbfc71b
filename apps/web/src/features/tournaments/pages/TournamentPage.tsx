import { useState } from 'react';
import {
  Alert,
  Badge,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Loading, LoadError } from '../../../components/LoadState';
import { BackToTournaments } from '../components/BackToTournaments';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconTrophy,
  IconUsers,
  IconWifi,
  IconWifiOff,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatBs, plural, type TournamentDetail } from '@domino/contracts';
import { RuleChips } from '../../../components/TableRules';
import { bolivaresToCents } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useLiveTournament } from '../api/tournaments';
import { Bracket } from '../components/Bracket';
import { MyEntryCard } from '../components/MyEntryCard';
import { RegisterModal } from '../components/RegisterModal';
import { Standings } from '../components/Standings';
import {
  entryLabel,
  duplicateRule,
  formatLabel,
  formatShare,
  placeLabel,
  placesLabel,
  poolLabel,
  roundName,
  startLabel,
  statusColor,
  statusLabel,
} from '../lib/tournaments';

/**
 * /torneos/:id (decision 028): the tournament live. Its terms, the caller's entry (register,
 * unregister, "Ir a mi partida" with the no-show countdown, the prize won), the prizes, the
 * bracket (single elimination) or the standings and rounds (Swiss; duplicate: the rule, the
 * tables and the standings by point difference, decision 062), the entrants before the
 * start, and the final standings with the prizes paid. Kept current by `tournament:updated`
 * pushes on the tournament's room (polling while the socket is down).
 */
export default function TournamentPage() {
  const id = Number(useParams().id);
  const [registering, setRegistering] = useState(false);
  const tournament = useLiveTournament(id, (event) => {
    if (event.message) notify.info(event.message);
  });

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="tournament-page">
      <BackToTournaments />
      {tournament.data ? (
        <TournamentView
          detail={tournament.data}
          live={tournament.live}
          onRegister={() => setRegistering(true)}
        />
      ) : tournament.isError ? (
        <LoadError
          message={tournament.error.message}
          onRetry={() => void tournament.refetch()}
          retrying={tournament.isFetching}
          testId="tournament-error"
        />
      ) : (
        <Loading label="Cargando torneo…" />
      )}
      <RegisterModal tournamentId={registering ? id : null} onClose={() => setRegistering(false)} />
    </Container>
  );
}

function TournamentView({
  detail,
  live,
  onRegister,
}: {
  detail: TournamentDetail;
  live: boolean;
  onRegister(): void;
}) {
  const finished = detail.status === 'finished';
  return (
    <Stack
      gap="md"
      data-status={detail.status}
      data-round={detail.current_round}
      data-testid="tournament-view"
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {detail.name}
          </Title>
          <Tooltip
            label={live ? 'En vivo' : 'Sin conexión en vivo: actualizamos cada pocos segundos'}
          >
            <span style={{ display: 'inline-flex', paddingTop: 8 }}>
              {live ? (
                <IconWifi size={18} color="var(--mantine-color-green-6)" aria-label="En vivo" />
              ) : (
                <IconWifiOff
                  size={18}
                  color="var(--mantine-color-gray-5)"
                  aria-label="Sin conexión en vivo"
                />
              )}
            </span>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Badge color={statusColor(detail.status)} variant="light" data-testid="tournament-status">
            {statusLabel(detail.status)}
          </Badge>
          {detail.status === 'running' && detail.current_round > 0 && (
            <Badge variant="outline" color="orange" data-testid="tournament-round">
              {roundName(detail.current_round, detail.total_rounds, detail.format)}
            </Badge>
          )}
        </Group>
        <Text c="dimmed" fz="sm">
          {formatLabel(detail)}
        </Text>
        {detail.format === 'duplicate' && detail.boards !== null && (
          <Text fz="sm" data-testid="tournament-duplicate-rule">
            {duplicateRule(detail.boards)}
          </Text>
        )}
      </Stack>

      {detail.status === 'cancelled' && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          data-testid="tournament-cancelled"
        >
          {detail.cancelled_reason ?? 'El torneo fue cancelado.'}{' '}
          {detail.entry_fee > 0 ? 'Devolvimos la entrada a cada inscrito.' : ''}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Fact
          icon={<IconCalendarEvent size={16} aria-hidden />}
          label="Inicio (Caracas)"
          value={startLabel(detail.starts_at)}
        />
        <Fact label="Entrada" value={entryLabel(detail.entry_fee)} testId="tournament-entry" />
        <Fact
          icon={<IconUsers size={16} aria-hidden />}
          label="Inscritos"
          value={placesLabel(detail)}
          testId="tournament-places"
        />
        <Fact
          icon={<IconTrophy size={16} color="var(--mantine-color-gold-6)" aria-hidden />}
          label="Bote"
          value={poolLabel(detail)}
          testId="tournament-pool"
        />
      </SimpleGrid>

      <MyEntryCard detail={detail} onRegister={onRegister} />

      {detail.status !== 'cancelled' && detail.entry_fee > 0 && (
        <Card padding="md" withBorder data-testid="tournament-prizes">
          <Title order={2} fz="md" mb={4}>
            {finished ? 'Premios pagados' : 'Premios'}
          </Title>
          <Text fz="xs" c="dimmed" mb="xs">
            {finished
              ? 'Pagados en una sola operación al terminar; los céntimos que no se dividen van al 1.er puesto.'
              : `Del bote, tras la comisión de la casa (${formatShare(detail.house_fee_bps)}). Crecen con cada inscripción.`}
          </Text>
          <Stack gap={4}>
            {[...detail.prizes]
              .sort((a, b) => a.place - b.place)
              .map((p) => (
                <Group key={p.place} justify="space-between" wrap="nowrap" gap="xs">
                  <Text fz="sm">
                    {placeLabel(p.place)} puesto · {formatShare(p.bps)}
                  </Text>
                  <Text
                    fz="sm"
                    fw={700}
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    data-testid={`tournament-prize-${p.place}`}
                  >
                    {formatBs(bolivaresToCents(p.amount))}
                  </Text>
                </Group>
              ))}
          </Stack>
        </Card>
      )}

      {(detail.status === 'running' || finished) && (
        <Card padding="md" withBorder data-testid="tournament-bracket">
          <Title order={2} fz="md" mb="sm">
            {detail.format === 'single_elimination'
              ? 'Cuadro'
              : detail.format === 'duplicate'
                ? 'Mesas'
                : 'Rondas'}
          </Title>
          <Bracket detail={detail} />
        </Card>
      )}

      {(detail.format === 'single_elimination' ? finished : detail.status !== 'scheduled') &&
        detail.status !== 'cancelled' && (
          <Card padding="md" withBorder data-testid="tournament-standings">
            <Title order={2} fz="md" mb="sm">
              {finished ? 'Clasificación final' : 'Clasificación'}
            </Title>
            <Standings detail={detail} />
          </Card>
        )}

      {detail.status === 'scheduled' && (
        <Card padding="md" withBorder data-testid="tournament-entrants">
          <Title order={2} fz="md" mb="xs">
            Inscritos
          </Title>
          {detail.entrants.length === 0 ? (
            <Text fz="sm" c="dimmed" data-testid="tournament-entrants-count">
              {detail.registered_players === 0
                ? 'Nadie se ha inscrito todavía. ¡Sé el primero!'
                : detail.mode === 'parejas'
                  ? `${plural(detail.registered_players, 'jugador inscrito', 'jugadores inscritos')}. Las parejas y el cuadro se sortean al inicio.`
                  : `${plural(detail.registered_players, 'jugador inscrito', 'jugadores inscritos')}. Los emparejamientos se sortean al inicio.`}
            </Text>
          ) : (
            <Stack gap={2}>
              {detail.entrants.map((e) => (
                <Text key={e.id} fz="sm">
                  {e.name}
                </Text>
              ))}
            </Stack>
          )}
          <Text fz="xs" c="dimmed" mt="xs">
            Mínimo para empezar: {detail.min_entrants}{' '}
            {detail.mode === 'parejas' ? 'parejas' : 'jugadores'}.
          </Text>
        </Card>
      )}

      <Card padding="md" withBorder>
        <Title order={2} fz="md" mb="xs">
          Reglas de cada partida
        </Title>
        <RuleChips rules={detail.rules} testId="tournament-rules" />
        <Text fz="xs" c="dimmed" mt="xs" data-testid="tournament-rules-note">
          {detail.format === 'duplicate'
            ? // A duplicate table is never forfeited (decision 062, "No forfeits").
              'Las mesas empiezan solas: te avisamos cuando la tuya esté lista; si no estás, la CPU juega por ti cuando se acaba tu tiempo.'
            : 'Las rondas empiezan solas: te avisamos cuando tu partida esté lista y tienes 2 minutos para entrar; si no, la pierdes.'}
          {detail.draw_seed ? ` Sorteo registrado con la semilla ${detail.draw_seed}.` : ''}
        </Text>
      </Card>
    </Stack>
  );
}

function Fact({
  icon,
  label,
  value,
  testId,
}: {
  icon?: React.ReactNode;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <Card padding="xs" withBorder>
      <Group gap={4} wrap="nowrap">
        {icon}
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fz="sm" fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Card>
  );
}
