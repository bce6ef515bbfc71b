import { z } from 'zod';
import {
  PUZZLE_DIFFICULTIES,
  sameEffect,
  type PlayMove,
  type PuzzleMoveValue,
  type PuzzlePosition,
  type Tile,
} from '@domino/domino';
import { endSchema, legalMoveSchema, tileJsonSchema } from './games';
import { plural } from './plural';

/**
 * "Problema del día" (docs/decisions/060-puzzles.md): the shapes of /api/puzzles/*, their Spanish
 * messages and the Spanish explanation of an answer. A puzzle on the wire is the deciding seat's
 * view only (its hand, the line, the ends, the tile counts, the passes, the scores); its answer
 * and the moves' values travel only in the answer's response, never in the GET of the puzzle.
 */

export { PUZZLE_DIFFICULTIES };
export const puzzleDifficultySchema = z.enum(PUZZLE_DIFFICULTIES, {
  error: 'Elige una dificultad: facil, media o dificil.',
});
export type PuzzleDifficultyJson = z.infer<typeof puzzleDifficultySchema>;

/** How each difficulty reads on the page. */
export const PUZZLE_DIFFICULTY_LABELS: Record<PuzzleDifficultyJson, string> = {
  facil: 'Fácil',
  media: 'Media',
  dificil: 'Difícil',
};

/** Spanish messages of the puzzles API and page. */
export const MSG_PUZZLES = {
  notFound: 'Ese problema no existe.',
  noneToday: 'Todavía no hay problema del día. Vuelve más tarde.',
  noneLeft: 'Ya resolviste todos los problemas de esta dificultad. ¡Prueba otra!',
  illegal: 'Esa ficha no se puede jugar ahí. Elige una de tus jugadas posibles.',
  prompt: 'Te toca. ¿Qué ficha juegas, y por qué punta?',
  right: '¡Correcto! Esa es la mejor jugada.',
  wrong: 'No es la mejor jugada.',
  firstTryOnly: 'La racha cuenta solo el primer intento del problema del día.',
} as const;

export const puzzleIdParam = z.string().regex(/^[0-9a-f]{16}$/, MSG_PUZZLES.notFound);

const linePieceSchema = z.object({
  tile: tileJsonSchema,
  seat: z.number().int(),
  left: z.number().int(),
  right: z.number().int(),
});
const playSchema = z.object({ tile: tileJsonSchema, end: endSchema });
export type PuzzleMoveJson = z.infer<typeof playSchema>;

/** What the seat knew: never another seat's tiles. */
export const puzzlePositionSchema = z.object({
  seat: z.number().int(),
  mode: z.enum(['parejas', 'individual']),
  players: z.number().int(),
  target_points: z.number().int(),
  hand_number: z.number().int().min(1),
  leader: z.number().int(),
  hand: z.array(tileJsonSchema),
  tile_counts: z.array(z.number().int()),
  stock_count: z.number().int(),
  line: z.array(linePieceSchema),
  ends: z.object({ left: z.number().int(), right: z.number().int() }).nullable(),
  passes: z.array(
    z.object({ seat: z.number().int(), left: z.number().int(), right: z.number().int() }),
  ),
  scores: z.array(z.number().int()),
  legal_moves: z.array(legalMoveSchema),
});
export type PuzzlePositionJson = z.infer<typeof puzzlePositionSchema>;

/** GET /api/puzzles/daily and GET /api/puzzles/practice: a puzzle without its answer. */
export const puzzleResponseSchema = z.object({
  id: z.string(),
  difficulty: puzzleDifficultySchema,
  /** The Caracas calendar day (YYYY-MM-DD) of the daily puzzle; null for practice. */
  day: z.string().nullable(),
  prompt: z.string(),
  position: puzzlePositionSchema,
});
export type PuzzleResponse = z.infer<typeof puzzleResponseSchema>;

/** POST /api/puzzles/{id}/answer. */
export const puzzleAnswerRequestSchema = playSchema;
export type PuzzleAnswerRequest = z.infer<typeof puzzleAnswerRequestSchema>;

/** The player's streak: consecutive Caracas days with the daily puzzle solved at the first try. */
export const puzzleStreakSchema = z.object({
  current: z.number().int().min(0),
  best: z.number().int().min(0),
  /** Last day (YYYY-MM-DD) the streak grew; null before the first. */
  last_day: z.string().nullable(),
  /** Today in Caracas (YYYY-MM-DD). */
  today: z.string(),
  /** Whether today's puzzle was answered, and whether at the first try. */
  answered_today: z.boolean(),
  solved_today: z.boolean(),
});
export type PuzzleStreak = z.infer<typeof puzzleStreakSchema>;

export const puzzleAnswerResponseSchema = z.object({
  correct: z.boolean(),
  /** This was the player's first answer to the puzzle (only that one counts for the streak). */
  first_try: z.boolean(),
  best: playSchema,
  /** Every distinct move with its expected points for the seat's side this hand, best first. */
  options: z.array(z.object({ move: playSchema, value: z.number() })),
  /** Expected points the best move leads the second by (the smallest over the checks). */
  margin: z.number(),
  /** Spanish, "tú": why the best move is best from what the seat knew. */
  explanation: z.array(z.string()),
  streak: puzzleStreakSchema,
});
export type PuzzleAnswerResponse = z.infer<typeof puzzleAnswerResponseSchema>;

export const puzzlePracticeQuerySchema = z.object({ difficulty: puzzleDifficultySchema });

/** A tile as players write it: "6-4". */
export function tileText(tile: readonly [number, number] | Tile): string {
  return `${tile[0]}-${tile[1]}`;
}

const points = new Intl.NumberFormat('es-VE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'always',
});
const plain = new Intl.NumberFormat('es-VE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "el 6-4 por la izquierda" (or "el 6-4 de salida" on an empty line). */
export function moveText(move: PuzzleMoveJson | PlayMove, lineEmpty: boolean): string {
  if (lineEmpty) return `el ${tileText(move.tile)} de salida`;
  return `el ${tileText(move.tile)} por la ${move.end === 'left' ? 'izquierda' : 'derecha'}`;
}

/** Who another seat is, seen from `seat` ("tu compañero", "el rival que juega después de ti"). */
export function seatText(seat: number, other: number, players: number, parejas: boolean): string {
  const ahead = (other - seat + players) % players;
  if (parejas && ahead === 2) return 'tu compañero';
  if (ahead === 1)
    return parejas ? 'el rival que juega después de ti' : 'quien juega después de ti';
  if (ahead === players - 1)
    return parejas ? 'el rival que juega antes de ti' : 'quien juega antes de ti';
  return `el jugador del puesto ${other + 1}`;
}

function endsAfter(move: PlayMove, ends: { left: number; right: number } | null): number[] {
  const [a, b] = move.tile;
  if (ends === null) return [a, b];
  if (move.end === 'left') return [b === ends.left ? a : b, ends.right];
  return [ends.left, a === ends.right ? b : a];
}

/**
 * The explanation of a puzzle in Spanish ("tú"), one sentence per entry, from the position (what
 * the seat knew) and the verified values: the best move and its value; what the passes told;
 * what the best move does (a double out, the ends it leaves and how many of those numbers the
 * seat holds, a number a rival lacks, the pips it sheds); the alternatives with their values.
 */
export function explainPuzzle(
  position: PuzzlePosition,
  best: PlayMove,
  values: readonly PuzzleMoveValue[],
): string[] {
  const parejas = position.config.mode === 'parejas';
  const lineEmpty = position.ends === null;
  const side = parejas ? 'tu pareja' : 'ti';
  const out: string[] = [];
  const bestValue = values.find((v) => sameEffect(v.move, best, position.ends))?.value ?? 0;
  out.push(
    `La mejor jugada es ${moveText(best, lineEmpty)}: vale ${points.format(bestValue)} puntos esperados para ${side} en lo que queda de la mano.`,
  );
  const lacks = new Map<number, Set<number>>();
  for (const p of position.passes) {
    if (p.seat === position.seat) continue;
    const set = lacks.get(p.seat) ?? new Set<number>();
    set.add(p.left);
    set.add(p.right);
    lacks.set(p.seat, set);
  }
  for (const [seat, nums] of lacks) {
    const list = [...nums].sort((a, b) => a - b).join(' ni ');
    out.push(
      `Sabes que ${seatText(position.seat, seat, position.config.players, parejas)} pasó: no tiene ${list}.`,
    );
  }
  const after = endsAfter(best, position.ends);
  const rest = position.hand.filter((t) => !(t[0] === best.tile[0] && t[1] === best.tile[1]));
  const facts: string[] = [];
  if (best.tile[0] === best.tile[1]) facts.push('te quitas un doble, que solo entra por un número');
  const held = [...new Set(after)].map((n) => ({
    n,
    count: rest.filter((t) => t[0] === n || t[1] === n).length,
  }));
  const heldText = held
    .map(({ n, count }) => `${plural(count, 'ficha', 'fichas')} con ${n}`)
    .join(' y ');
  facts.push(`dejas las puntas en ${after.join(' y ')} y te quedan ${heldText}`);
  for (const [seat, nums] of lacks) {
    const blocked = [...new Set(after)].filter((n) => nums.has(n));
    const isPartner = parejas && (seat - position.seat + 4) % 4 === 2;
    if (blocked.length > 0 && !isPartner)
      facts.push(
        `${seatText(position.seat, seat, position.config.players, parejas)} no tiene ${blocked.join(' ni ')}: le cuesta jugar`,
      );
  }
  const pips = best.tile[0] + best.tile[1];
  if (pips >= 9) facts.push(`sueltas ${pips} puntos de tu mano`);
  out.push(`Con esa jugada ${facts.join('; ')}.`);
  const others = values.filter((v) => !sameEffect(v.move, best, position.ends));
  if (others.length > 0)
    out.push(
      `Las otras: ${others
        .map(
          (v) =>
            `${moveText(v.move, lineEmpty)}, ${points.format(v.value)} (${plain.format(bestValue - v.value)} menos)`,
        )
        .join('; ')}.`,
    );
  out.push(
    'Los valores son la media de muchas manos posibles de los demás, todas de acuerdo con lo que sabías: tus fichas, la mesa, las fichas que le quedan a cada uno y los pases.',
  );
  return out;
}
