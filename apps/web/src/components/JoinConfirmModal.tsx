import type { ReactNode } from 'react';
import { Alert, Button, Divider, Flex, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, formatBs, type TableRules } from '@domino/contracts';
import { formatBps, keepTogether } from '../lib/format';
import { joinTerms, type JoinTable } from '../lib/join';
import { useActivePause } from '../lib/responsible';
import { RuleChips } from './TableRules';
import { UsdApprox } from './UsdApprox';

export interface JoinConfirmModalProps {
  /** The table's current terms (GET /api/tables/{id}); null closes the dialog. */
  table: (JoinTable & { rules?: TableRules }) | null;
  /** The player's balance, Bs. */
  balance: number;
  /** The join request is in flight. */
  joining: boolean;
  /** Pay the entry shown and take the seat. */
  onConfirm(table: JoinTable): void;
  /** Close without paying anything. */
  onCancel(): void;
  /**
   * What confirming does: take a seat (default) or create the private table and sit at it as its
   * host (the host pays the entry like any player; docs/decisions/021-private-tables.md), or
   * join the quick-play queue (the entry is taken when the table forms; decision 027).
   */
  action?: 'join' | 'create' | 'queue';
}

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
  testId: string;
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

/**
 * "Jugar" and "Unirme" ask before charging (decision 017: one tap took the entry fee): the entry,
 * the house fee and the monthly-pot share taken from the pot, the prize, and the balance before
 * and after. Nothing is charged until "Pagar y unirme"; "Cancelar" leaves everything as it was.
 * When the balance does not reach the entry the dialog says so and offers /recharge instead.
 */
export function JoinConfirmModal({
  table,
  balance,
  joining,
  onConfirm,
  onCancel,
  action = 'join',
}: JoinConfirmModalProps) {
  const terms = table ? joinTerms(table, balance) : null;
  // A free private table ("amistosa"): no entry, no pot, no prize; nothing to pay.
  const free = terms !== null && terms.entryCents === 0;
  const verb = action === 'create' ? 'crear' : 'unirme';
  // A paused player learns it here, before any "Pagar": the server would refuse the entry
  // (docs/decisions/030, 050). Free tables take no money and stay open.
  const pause = useActivePause(table !== null);
  const paused = pause !== null && !free;
  const name = table ? table.name.trim() || `Juego ${table.id}` : '';
  return (
    <Modal
      opened={table !== null}
      onClose={() => {
        if (!joining) onCancel();
      }}
      title={
        action === 'create'
          ? 'Confirma tu mesa privada'
          : action === 'queue'
            ? 'Confirma tu partida rápida'
            : 'Confirma tu entrada'
      }
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {table && terms && (
        <Stack gap="sm" data-testid="join-confirm" data-table-id={table.id}>
          <Text fz="sm">
            <b>{name}</b> ·{' '}
            {table.mode === 'parejas'
              ? `Parejas, a ${table.target_points} puntos`
              : `Individual, ${table.max_players} jugadores, a ${table.target_points} puntos`}
          </Text>
          {table.rules && <RuleChips rules={table.rules} testId="join-rules" />}
          <Stack gap={6}>
            <Row
              label="Entrada"
              value={free ? 'Gratis (amistosa)' : formatBs(terms.entryCents)}
              strong
              testId="join-entry"
            />
            {!free && (
              // The entry in dollars too, as the menu shows the balance (decision 050).
              <Group justify="flex-end" mt={-6}>
                <UsdApprox balance={terms.entryCents / 100} testId="join-entry-usd" />
              </Group>
            )}
            {!free && (
              <>
                <Row
                  label={`Bote de la mesa (${keepTogether(`${table.max_players} × ${formatBs(terms.entryCents)}`)})`}
                  value={formatBs(terms.potCents)}
                  testId="join-pot"
                />
                <Row
                  label={`Comisión de la casa (${keepTogether(`${formatBps(terms.houseFeeBps)} del bote`)})`}
                  value={`− ${formatBs(terms.houseFeeCents)}`}
                  testId="join-house-fee"
                />
                <Row
                  label={`Aporte al Pote del Mes (${keepTogether(`${formatBps(terms.potShareBps)} del bote`)})`}
                  value={`− ${formatBs(terms.potShareCents)}`}
                  testId="join-pot-share"
                />
                <Row
                  label={
                    terms.winners === 2 ? 'Premio para la pareja ganadora' : 'Premio del ganador'
                  }
                  value={formatBs(terms.prizeTotalCents)}
                  strong
                  testId="join-prize"
                />
                {terms.winners > 1 && (
                  <Row
                    label="Cada ganador recibe"
                    value={formatBs(terms.prizePerWinnerCents)}
                    testId="join-prize-each"
                  />
                )}
              </>
            )}
            <Divider my={4} />
            <Row label="Tu saldo" value={formatBs(terms.balanceCents)} testId="join-balance" />
            <Row
              label={
                action === 'create'
                  ? 'Saldo después de pagar'
                  : action === 'queue'
                    ? 'Saldo después de sentarte'
                    : 'Saldo después de unirte'
              }
              value={formatBs(terms.balanceAfterCents)}
              strong
              color={terms.affordable ? undefined : 'red.7'}
              testId="join-balance-after"
            />
          </Stack>
          {paused ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title="Estás en una pausa de juego"
              id="join-paused"
              data-testid="join-paused"
            >
              {pause.message} Mientras dure no puedes pagar entradas; las mesas amistosas siguen
              abiertas.
            </Alert>
          ) : free ? (
            <Text fz="xs" c="dimmed" data-testid="join-free">
              Mesa amistosa: no se paga entrada ni hay premio. Tu saldo no cambia.
            </Text>
          ) : terms.affordable ? (
            <Text fz="xs" c="dimmed">
              {action === 'queue'
                ? 'La entrada se descuenta de tu saldo cuando se forme tu mesa. Mientras buscas puedes cancelar sin costo.'
                : action === 'create'
                  ? 'La entrada se descuenta de tu saldo al crear la mesa. Si la cancelas antes de que empiece la partida, o vence sin completarse, devolvemos la entrada a cada jugador.'
                  : 'La entrada se descuenta de tu saldo al confirmar. Si sales de la mesa antes de que empiece la partida, te la devolvemos.'}
            </Text>
          ) : (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              data-testid="join-insufficient"
            >
              {MSG.insufficientBalanceNotice}
            </Alert>
          )}
          {/* Phones: full-width buttons, the main one on top; wider screens: one row. */}
          <Flex
            direction={{ base: 'column-reverse', xs: 'row' }}
            justify="flex-end"
            gap="sm"
            mt="xs"
          >
            <Button
              variant="default"
              onClick={onCancel}
              disabled={joining}
              data-testid="join-cancel"
            >
              Cancelar
            </Button>
            {terms.affordable || paused ? (
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => onConfirm(table)}
                loading={joining}
                disabled={paused}
                aria-describedby={paused ? 'join-paused' : undefined}
                data-testid="join-confirm-pay"
              >
                {free
                  ? action === 'create'
                    ? 'Crear mesa'
                    : 'Unirme'
                  : action === 'queue'
                    ? `Buscar mesa por ${formatBs(terms.entryCents)}`
                    : `Pagar ${formatBs(terms.entryCents)} y ${verb}`}
              </Button>
            ) : (
              <Button
                component={Link}
                to="/recharge"
                // Closes the dialog as it leaves: coming back shows the page, not the dialog.
                onClick={onCancel}
                leftSection={<IconWallet size={16} aria-hidden />}
                data-testid="join-recharge"
              >
                Recargar saldo
              </Button>
            )}
          </Flex>
        </Stack>
      )}
    </Modal>
  );
}
