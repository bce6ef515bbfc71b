import { IconRobot } from '@tabler/icons-react';
import type { GameView } from '@domino/contracts';
import { RatingChip } from '../../../components/RatingChip';
import { DominoBack } from '../../../components/DominoFace';
import { formatCountdown } from '../lib/countdown';
import { useTurnLeft } from '../lib/use-turn-left';
import { initials, presenceNote, relationOf, seatPanelLabel, type Position } from '../lib/seats';
import classes from './game.module.css';

export interface SeatPanelProps {
  view: GameView;
  seat: number;
  position: Exclude<Position, 'bottom'>;
  passed: boolean;
}

/** Face-down tiles of a hidden hand, slightly overlapping. */
function TileBacks({ count, size }: { count: number; size: number }) {
  const step = 0.72;
  const shown = Math.min(count, 7);
  const w = shown === 0 ? 1 : 1 + (shown - 1) * step;
  return (
    <svg
      viewBox={`-0.5 -1 ${w} 2`}
      width={w * size}
      height={2 * size}
      aria-hidden
      style={{ display: 'block' }}
    >
      {Array.from({ length: shown }, (_, i) => (
        <g key={i} transform={`translate(${i * step} 0)`}>
          <DominoBack />
        </g>
      ))}
    </svg>
  );
}

/**
 * The seat's turn clock, or the thinking dots of a turn without a deadline (a CPU seat). It alone
 * follows the clock (useTurnLeft), so the rest of the screen renders on new views only.
 */
function SeatTurn({ deadline }: { deadline: string | null }) {
  const left = useTurnLeft(deadline);
  return left !== null ? (
    <span className={classes.clock}>{formatCountdown(left)}</span>
  ) : (
    <span className={classes.thinking} role="img" aria-label="Pensando">
      <span />
      <span />
      <span />
    </span>
  );
}

/**
 * A partner (parejas) or opponent: name, face-down tiles, 'Paso', turn, and the player's presence
 * note (lib/seats.ts `presenceNote`: 'Desconectado — juega la CPU' only without any connection,
 * decision 042).
 */
export function SeatPanel({ view, seat, position, passed }: SeatPanelProps) {
  const info = view.seats.find((s) => s.seat === seat);
  const name = info?.name ?? `Jugador ${seat + 1}`;
  const count = view.tile_counts[seat] ?? 0;
  const isTurn = view.status === 'playing' && view.turn_seat === seat;
  // Only parejas has partners; in individual mode everyone else is a rival.
  const mine = relationOf(view, seat) === 'partner';
  const note = presenceNote(info);
  // Individual mode: each rival is their own side, so their match score sits by their name.
  const points = view.mode === 'individual' ? (view.scores[seat] ?? 0) : null;

  return (
    <div
      className={classes.seat}
      data-position={position}
      data-turn={isTurn}
      data-testid={`seat-${position}`}
      role="group"
      aria-label={seatPanelLabel(view, seat, { passed, isTurn, note })}
    >
      <div className={classes.avatar} data-side={mine ? 'us' : 'them'} aria-hidden>
        {info?.is_bot ? <IconRobot size={18} /> : initials(name)}
      </div>
      <div className={classes.seatText}>
        {points === null ? (
          <span className={classes.seatName} title={name}>
            {name}
          </span>
        ) : (
          <span className={classes.seatNameRow}>
            <span className={classes.seatName} title={name}>
              {name}
            </span>
            <span
              className={classes.seatPoints}
              data-testid={`seat-${position}-points`}
              title={`${points} puntos`}
            >
              {points}
            </span>
          </span>
        )}
        <span className={classes.seatSub}>
          <TileBacks count={count} size={7} />
          <span data-testid={`seat-${position}-count`}>{count}</span>
          {isTurn && <SeatTurn deadline={view.turn_deadline} />}
        </span>
        {info && !info.is_bot && (
          <RatingChip rating={info.rating} tone="dark" testId={`seat-${position}-rating`} />
        )}
        {note && (
          <span
            className={classes.away}
            data-testid={`seat-${position}-${info?.connected ? 'timed-out' : 'away'}`}
          >
            {note}
          </span>
        )}
      </div>
      <div className={classes.badgeRow}>
        {passed && (
          <span className={classes.paso} data-testid={`seat-${position}-paso`}>
            Paso
          </span>
        )}
      </div>
    </div>
  );
}
