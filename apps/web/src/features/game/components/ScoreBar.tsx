import type { GameView } from '@domino/contracts';
import { sideOfSeat } from '../lib/seats';
import classes from './game.module.css';

/** Scores by pair: 'Nosotros' vs 'Ellos', each with progress toward the target. */
export function ScoreBar({ view }: { view: GameView }) {
  const mySide = sideOfSeat(view.my_seat);
  const boxes = [
    { label: 'Nosotros', side: mySide, testId: 'score-us' },
    { label: 'Ellos', side: 1 - mySide, testId: 'score-them' },
  ];
  return (
    <div className={classes.scores} aria-label="Puntuación">
      {boxes.map((b) => {
        const points = view.scores[b.side] ?? 0;
        const pct = Math.min(100, (points / Math.max(1, view.target_points)) * 100);
        return (
          <div key={b.label} className={classes.scoreBox} data-mine={b.side === mySide}>
            <span className={classes.scoreLabel}>{b.label}</span>
            <span className={classes.scoreValue} data-testid={b.testId}>
              {points}
              <span className={classes.scoreTarget}> / {view.target_points}</span>
            </span>
            <span className={classes.scoreBar} aria-hidden>
              <span style={{ width: `${pct}%` }} />
            </span>
          </div>
        );
      })}
    </div>
  );
}
