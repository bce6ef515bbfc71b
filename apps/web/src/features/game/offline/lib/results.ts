import { DIFFICULTY_LABELS, plural } from '@domino/contracts';
import type { LocalResult } from './protocol';

const dateFormat = new Intl.DateTimeFormat('es-VE', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** One line of "Tus partidas sin conexión": 'Victoria contra Fácil', '100 – 45 · 5 manos', the date. */
export function resultLine(r: LocalResult): { title: string; detail: string; when: string } {
  return {
    title: `${r.won ? 'Victoria' : 'Derrota'} contra ${DIFFICULTY_LABELS[r.difficulty]}`,
    detail: `${r.scores[0]} – ${r.scores[1]} · ${plural(r.hands, 'mano', 'manos')}`,
    when: dateFormat.format(new Date(r.finishedAt)),
  };
}

/** Wins and matches of a list of results, for the summary line ('3 victorias en 5 partidas'). */
export function tally(results: readonly LocalResult[]): string {
  const wins = results.filter((r) => r.won).length;
  const n = results.length;
  return `${plural(wins, 'victoria', 'victorias')} en ${plural(n, 'partida', 'partidas')}`;
}
