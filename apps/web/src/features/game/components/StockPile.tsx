import { DominoBack } from '../../../components/DominoFace';
import classes from './game.module.css';
import { plural } from '@domino/contracts';

export interface StockPileProps {
  /** Tiles left to draw. */
  count: number;
  /** The free place around the board where the pile is drawn. */
  position: 'top' | 'left' | 'corner';
}

/**
 * The stock ('Pozo') of an individual table that draws (docs/rules.md): a small face-down pile and
 * how many tiles are left, in a place around the board where nobody sits.
 */
export function StockPile({ count, position }: StockPileProps) {
  const shown = Math.min(count, 3);
  return (
    <div
      className={classes.stock}
      data-position={position}
      data-empty={count === 0}
      data-testid="stock"
      role="status"
      aria-label={`Pozo: ${plural(count, 'ficha', 'fichas')}`}
    >
      <svg viewBox="-0.6 -1.1 2 2.2" width={22} height={24} aria-hidden style={{ flex: 'none' }}>
        {Array.from({ length: shown }, (_, i) => (
          <g key={i} transform={`translate(${i * 0.3} ${-i * 0.05})`}>
            <DominoBack />
          </g>
        ))}
      </svg>
      <span className={classes.stockText} aria-hidden>
        <span className={classes.stockLabel}>Pozo</span>
        <span className={classes.stockCount} data-testid="stock-count">
          {count}
        </span>
      </span>
    </div>
  );
}
