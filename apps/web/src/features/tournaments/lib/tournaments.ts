import {
  formatBs,
  plural,
  type TournamentDetail,
  type TournamentEntrant,
  type TournamentFormat,
  type TournamentListItem,
  type TournamentMatch,
  type TournamentRound,
  type TournamentStatus,
} from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';
import { formatShare, prizePreview } from '../../../lib/tournament-format';

export {
  entryLabel,
  formatLabel,
  formatShare,
  isFull,
  placesLabel,
  poolLabel,
  startLabel,
  statusColor,
  statusLabel,
} from '../../../lib/tournament-format';

/**
 * Pure rules of the tournament pages (/torneos, /torneos/:id; docs/decisions/028-tournaments.md):
 * how a list is grouped, how entries, places, rounds and results read in Spanish, which match is
 * the caller's, and the no-show countdown. Money arrives in bolívares (JSON numbers) and is shown
 * from céntimos with the contracts' formatBs.
 */

/** The list's three groups: upcoming (registration open), running, and done (finished or cancelled). */
export interface TournamentGroups {
  upcoming: TournamentListItem[];
  running: TournamentListItem[];
  done: TournamentListItem[];
}

/**
 * Splits the public list into its tabs. Upcoming and running sorted by start (soonest first);
 * done by start, newest first.
 */
export function groupTournaments(list: readonly TournamentListItem[]): TournamentGroups {
  const byStart = (a: TournamentListItem, b: TournamentListItem) =>
    Date.parse(a.starts_at) - Date.parse(b.starts_at);
  const of = (...statuses: TournamentStatus[]) => list.filter((t) => statuses.includes(t.status));
  return {
    upcoming: of('scheduled').sort(byStart),
    running: of('running').sort(byStart),
    done: of('finished', 'cancelled').sort((a, b) => byStart(b, a)),
  };
}

/** '1.º', '2.º'… the ordinal of a place. */
export function placeLabel(place: number): string {
  return `${place}.º`;
}

/**
 * The name of a single-elimination round from how many remain: 'Final', 'Semifinal',
 * 'Cuartos de final', 'Octavos de final', else 'Ronda N'. Swiss rounds are 'Ronda N'.
 */
export function roundName(
  round: number,
  totalRounds: number | null,
  format: TournamentDetail['format'],
): string {
  if (format !== 'single_elimination' || totalRounds === null) return `Ronda ${round}`;
  const left = totalRounds - round;
  if (left === 0) return 'Final';
  if (left === 1) return 'Semifinal';
  if (left === 2) return 'Cuartos de final';
  if (left === 3) return 'Octavos de final';
  return `Ronda ${round}`;
}

/** The rounds in order, each with its matches in slot order (the bracket reads top to bottom). */
export function orderedRounds(rounds: readonly TournamentRound[]): TournamentRound[] {
  return [...rounds]
    .sort((a, b) => a.number - b.number)
    .map((r) => ({ ...r, matches: [...r.matches].sort((a, b) => a.slot - b.slot) }));
}

/** Entrants by id, for the bracket and the standings. */
export function entrantsById(
  entrants: readonly TournamentEntrant[],
): Map<number, TournamentEntrant> {
  return new Map(entrants.map((e) => [e.id, e]));
}

/** The entrant's display name, 'Por definir' for a slot not decided yet. */
export function entrantName(
  byId: ReadonlyMap<number, TournamentEntrant>,
  id: number | null,
): string {
  if (id === null) return 'Por definir';
  return byId.get(id)?.name ?? `Inscrito ${id}`;
}

/**
 * The entrant as lines to show: each partner on their own line for a pair (a pair's joined name
 * does not fit a phone's bracket), the name otherwise; 'Por definir' for an undecided slot.
 */
export function entrantLines(
  byId: ReadonlyMap<number, TournamentEntrant>,
  id: number | null,
): string[] {
  if (id === null) return ['Por definir'];
  const e = byId.get(id);
  if (!e) return [`Inscrito ${id}`];
  return e.players.length > 1 ? e.players.map((p) => p.name) : [e.name];
}

/** The champion of a finished single-elimination bracket (the final's winner), or null. */
export function championOf(
  rounds: readonly TournamentRound[],
  totalRounds: number | null,
): number | null {
  if (totalRounds === null) return null;
  const final = rounds.find((r) => r.number === totalRounds);
  const m = final?.matches.length === 1 ? final.matches[0] : undefined;
  return m && m.status === 'decided' ? m.winner : null;
}

/**
 * A decided match's result in words: 'Ganó por W.O.' (forfeit), 'Nadie se presentó', 'Pasa
 * directo' (bye), or the score 'a–b'. Null while not decided.
 */
export function resultLabel(m: TournamentMatch): string | null {
  if (m.status !== 'decided' || m.result === null) return null;
  switch (m.result) {
    case 'bye':
      return 'Pasa directo (sin rival)';
    case 'forfeit':
      return 'Ganó por no presentación del rival';
    case 'double_forfeit':
      return 'Ninguno se presentó';
    default:
      if (m.score_a !== null && m.score_b !== null) return `${m.score_a} – ${m.score_b}`;
      // A duplicate table's totals wait for the other table of its set (decision 062).
      return m.duplicate_set_id !== null ? 'Mesa terminada; falta la otra mesa' : 'Jugada';
  }
}

/** Whether `entrantId` plays in match `m`. */
export function playsIn(m: TournamentMatch, entrantId: number | null): boolean {
  return entrantId !== null && (m.entrant_a === entrantId || m.entrant_b === entrantId);
}

/**
 * The caller's match to show highlighted: the match of the game the server says is theirs now
 * (`my_entry.current_game_id`), else their match of the latest round they appear in. Null when
 * the caller has no entrant.
 */
export function myMatch(
  detail: Pick<TournamentDetail, 'rounds' | 'my_entry'>,
): TournamentMatch | null {
  const mine = detail.my_entry;
  if (!mine || mine.entrant_id === null) return null;
  const rounds = orderedRounds(detail.rounds);
  if (mine.current_game_id) {
    for (const r of rounds)
      for (const m of r.matches) if (m.game_id === mine.current_game_id) return m;
  }
  for (let i = rounds.length - 1; i >= 0; i--) {
    const found = rounds[i]!.matches.find((m) => playsIn(m, mine.entrant_id));
    if (found) return found;
  }
  return null;
}

/**
 * Milliseconds left to enter the game before forfeiting (`show_by` of `tournament:match_ready`),
 * never negative; null without a deadline.
 */
export function noShowLeftMs(showBy: string | null, now: number): number | null {
  if (!showBy) return null;
  const at = Date.parse(showBy);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** 'm:ss' of a countdown in milliseconds (rounded up, so 0:00 is shown only at the end). */
export function countdownLabel(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * The line under a ready match while its no-show window runs (`leftMs` left; 0 when over). A
 * duplicate table is never forfeited: the CPU plays an absent player's turns when their time runs
 * out (docs/decisions/062-duplicate-domino.md), as its call says; in the other formats the player
 * who is not in the game by then loses the match (decision 028).
 */
export function noShowLine(format: TournamentFormat, leftMs: number): string {
  if (format === 'duplicate')
    return leftMs > 0
      ? `Entra en ${countdownLabel(leftMs)}: si no estás, la CPU juega por ti.`
      : 'Se acabó tu tiempo: la CPU juega por ti hasta que entres.';
  return leftMs > 0
    ? `Entra en ${countdownLabel(leftMs)} o pierdes la partida.`
    : 'Se acabó el tiempo para presentarse.';
}

/**
 * What the register dialog says about the prizes: each place, its share of the pool after the
 * house fee, and what it would pay with every place taken (capacity × entry; prizePreview, the
 * server's rule: floors, the undivided céntimos to the 1st). Parejas: each partner's half (the
 * odd céntimo to one of them, so the lower half is shown).
 */
export function fullHousePrizes(
  detail: Pick<TournamentDetail, 'prizes' | 'entry_fee' | 'mode' | 'capacity' | 'house_fee_bps'>,
): { place: number; share: string; amount: string; each: string | null }[] {
  const places = [...detail.prizes].sort((a, b) => a.place - b.place);
  const preview = prizePreview(
    detail.capacity,
    bolivaresToCents(detail.entry_fee),
    detail.house_fee_bps,
    places.map((p) => p.bps),
  );
  return places.map((p, i) => {
    const cents = preview.prizesCents[i] ?? 0;
    return {
      place: p.place,
      share: formatShare(p.bps),
      amount: formatBs(cents),
      each: detail.mode === 'parejas' ? formatBs(Math.floor(cents / 2)) : null,
    };
  });
}

/**
 * The duplicate format's rule in the player's words (docs/decisions/062-duplicate-domino.md,
 * addendum "Duplicate tournaments"), with the hands per set.
 */
export function duplicateRule(boards: number): string {
  return (
    `Las parejas se agrupan de cuatro en cuatro por sorteo. Cada grupo juega las mismas ${plural(boards, 'mano', 'manos')} en dos mesas; ` +
    'tu pareja se compara con la que tuvo tus mismas fichas en la otra mesa y sumas la diferencia de puntos, mano por mano. ' +
    'Los empates comparten el puesto y sus premios.'
  );
}
