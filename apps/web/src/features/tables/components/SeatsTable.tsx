import type { TableDetail } from '@domino/contracts';
import { RatingChip } from '../../../components/RatingChip';
import {
  avatarTone,
  missingPlayers,
  missingPlayersText,
  pairLabel,
  seatPosition,
} from '../lib/waiting-room';
import classes from './waiting-room.module.css';

export interface SeatsTableProps {
  table: TableDetail;
  /** The viewer's seat (drawn at the bottom), or null for someone not seated. */
  mySeat: number | null;
  /** Seconds of the start countdown, or null when it is not running. */
  countdown: number | null;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : words[0]![0]! + words[1]![0]!;
  return letters.toUpperCase();
}

/**
 * The seats around a drawn table: names (or 'Esperando jugador…') with each player's rating chip, 'Pareja A' (seats 0+2) and
 * 'Pareja B' (1+3) in parejas (no pairs in individual mode), and in the middle how many players are missing or the big
 * countdown to the first turn.
 */
export function SeatsTable({ table, mySeat, countdown }: SeatsTableProps) {
  const missing = missingPlayers(table);
  const parejas = table.mode === 'parejas';
  return (
    <div className={classes.stage} data-testid="waiting-table">
      {table.seats.map(({ seat, user, rating }) => {
        const position = seatPosition(seat, table.seats.length, mySeat);
        const pair = parejas ? pairLabel(seat) : null;
        const pairKey = avatarTone(table.mode, seat, mySeat);
        const me = seat === mySeat;
        return (
          <div
            key={seat}
            className={classes.seat}
            data-position={position}
            data-empty={user === null}
            data-me={me}
            data-testid={`waiting-seat-${seat}`}
            data-occupied={user !== null}
            aria-label={`Asiento ${seat + 1}: ${user ? user.name : 'libre'}${pair ? `, ${pair}` : ''}`}
          >
            <div
              className={classes.avatar}
              data-pair={pairKey}
              data-empty={user === null}
              aria-hidden
            >
              {user ? initials(user.name) : '?'}
            </div>
            <div className={classes.name} data-empty={user === null} title={user?.name}>
              {user ? (me ? `${user.name} (Tú)` : user.name) : 'Esperando jugador…'}
            </div>
            {user && (
              <RatingChip rating={rating} tone="dark" testId={`waiting-seat-${seat}-rating`} />
            )}
            {pair && (
              <span className={classes.pair} data-pair={pairKey}>
                {pair}
              </span>
            )}
          </div>
        );
      })}
      <div className={classes.felt} aria-live="polite">
        {countdown !== null ? (
          <>
            <span className={classes.feltSub}>La partida empieza en</span>
            <span
              key={countdown}
              className={classes.countdown}
              data-testid="waiting-countdown"
              aria-label={`La partida empieza en ${countdown} segundos`}
            >
              {countdown}
            </span>
          </>
        ) : (
          <>
            <span className={classes.missing} data-testid="waiting-missing">
              {missingPlayersText(missing)}
            </span>
            {missing > 0 && (
              <span className={classes.waitingDots} aria-hidden>
                <span />
                <span />
                <span />
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}
