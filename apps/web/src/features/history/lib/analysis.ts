import {
  plural,
  pluralWord,
  type AnalysisDecision,
  type AnalysisResponse,
} from '@domino/contracts';

/**
 * Texts and grading of the "Análisis" page (docs/decisions/029-post-game-analysis.md). Expected
 * points are shown with one decimal and a comma (es-VE).
 */

type WireMove = AnalysisDecision['played'];

const END_TEXT = { left: 'a la izquierda', right: 'a la derecha' } as const;

/** "4-6 a la derecha", "Pasar" or "Robar". */
export function moveText(move: WireMove): string {
  if ('tile' in move) return `${move.tile[0]}-${move.tile[1]} ${END_TEXT[move.end]}`;
  return 'pass' in move ? 'Pasar' : 'Robar';
}

/** Whether two wire moves are the same move. */
export function sameMove(a: WireMove, b: WireMove): boolean {
  if ('tile' in a && 'tile' in b)
    return a.end === b.end && a.tile[0] === b.tile[0] && a.tile[1] === b.tile[1];
  return ('pass' in a && 'pass' in b) || ('draw' in a && 'draw' in b);
}

const decimal = new Intl.NumberFormat('es-VE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Expected points with their sign: "+12,5 pts", "−3,0 pts", "0,0 pts". */
export function pointsText(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${decimal.format(Math.abs(value))} pts`;
}

/** A loss in points, unsigned: "10,3 pts". */
export function lossText(loss: number): string {
  return `${decimal.format(loss)} pts`;
}

/** How a decision is graded on the page. */
export type Verdict = 'notable' | 'inexact' | 'best' | 'forced' | 'autoplayed';

/** notable: lost the threshold or more; inexact: lost less; best: among the best moves. */
export function verdictOf(d: AnalysisDecision): Verdict {
  if (d.autoplayed) return 'autoplayed';
  if (d.forced) return 'forced';
  if (d.notable) return 'notable';
  return d.loss > 0 ? 'inexact' : 'best';
}

export const VERDICT_LABEL: Record<Verdict, string> = {
  notable: 'Error notable',
  inexact: 'Imprecisa',
  best: 'Mejor jugada',
  forced: 'Forzada',
  autoplayed: 'Jugó la CPU',
};

export const VERDICT_COLOR: Record<Verdict, string> = {
  notable: 'red',
  inexact: 'yellow',
  best: 'green',
  forced: 'gray',
  autoplayed: 'gray',
};

/** Colour of the accuracy figure: green from 85%, yellow from 65%, red below. */
export function accuracyColor(accuracy: number | null): string {
  if (accuracy === null) return 'gray';
  return accuracy >= 85 ? 'green' : accuracy >= 65 ? 'yellow' : 'red';
}

/** The figures of a ready analysis (`AnalysisResponse.summary`). */
export type AnalysisSummary = NonNullable<AnalysisResponse['summary']>;

/**
 * The lines under "Precisión", in the words of the marks (docs/decisions/050-one-vocabulary.md):
 * how many counted moves were the best, how many imprecise and notable, and what did not count —
 * the moves the CPU played for the player (`cpu`, null when none) and the forced ones.
 */
export function summaryLines(s: AnalysisSummary): {
  counts: string;
  marks: string | null;
  cpu: string | null;
  forced: string | null;
} {
  const counts =
    s.counted === 0
      ? 'No tuviste jugadas para elegir en esta partida.'
      : `Mejor jugada en ${s.best} de ${plural(s.counted, 'decisión', 'decisiones')}`;
  const marks =
    s.counted === 0
      ? null
      : `${plural(s.inexact, 'imprecisa', 'imprecisas')} · ${plural(s.notable, 'error notable', 'errores notables')}`;
  const cpu =
    s.autoplayed === 0
      ? null
      : `${s.autoplayed * 2 > s.decisions ? 'La CPU jugó la mayor parte de esta partida por ti: ' : 'La CPU jugó por ti '}${s.autoplayed} de tus ${plural(s.decisions, 'jugada', 'jugadas')} mientras no estabas. Esas no cuentan en la precisión.`;
  const forced =
    s.forced === 0
      ? null
      : `${plural(s.forced, 'jugada forzada', 'jugadas forzadas')} (sin otra opción) no ${pluralWord(s.forced, 'cuenta', 'cuentan')}.`;
  return { counts, marks, cpu, forced };
}
