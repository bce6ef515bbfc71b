import { publicName, type GameView } from '@domino/contracts';
import { scoreEntries } from '../lib/seats';
import classes from './game.module.css';

/**
 * The match score with progress toward the target: 'Nosotros' vs 'Ellos' in parejas; one box per
 * player ('Tú' first, then each rival's public name in order of play) in individual mode.
 */
export function ScoreBar({ view }: { view: GameView }) {
  const entries = scoreEntries(view);
  return (
    <div
      className={classes.scores}
      role="group"
      aria-label="Puntuación"
      data-count={entries.length}
    >
      {entries.map((b) => {
        const pct = Math.min(100, (b.points / Math.max(1, view.target_points)) * 100);
        return (
          <div key={b.side} className={classes.scoreBox} data-mine={b.mine} data-mode={view.mode}>
            <span
              className={classes.scoreLabel}
              title={view.mode === 'individual' ? b.label : undefined}
            >
              {/* A rival's box is narrow (three boxes on a 360 px phone): the short public name
                  ('José G.'), whole; the full name is in its seat panel and the title. */}
              {view.mode === 'individual' && !b.mine ? publicName(b.label) : b.label}
            </span>
            <span className={classes.scoreValue} data-testid={b.testId}>
              {b.points}
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
