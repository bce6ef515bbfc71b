import type { GameView } from '@domino/contracts';
import { LineBoard, type EndTargets } from '../../../components/line/LineBoard';
import type { EndName } from '../lib/moves';
import { openerIndex } from '../lib/opener';
import classes from './game.module.css';

export type { EndTargets };

export interface BoardProps {
  view: GameView;
  opener: string | null;
  lastPlayed: string | null;
  /** Ends offered to the selected or dragged tile (drop targets / end buttons). */
  targets: EndTargets | null;
  onChooseEnd(end: EndName): void;
  /** Accessible name of an end button ('seis-cuatro, a la izquierda'). */
  endLabel?(end: EndName): string;
  /** Text shown on an empty line. */
  emptyHint: string;
}

/** The game screen's line of play: the shared LineBoard in the board area of the table grid. */
export function Board({
  view,
  opener,
  lastPlayed,
  targets,
  onChooseEnd,
  endLabel,
  emptyHint,
}: BoardProps) {
  return (
    <LineBoard
      className={classes.boardArea}
      line={view.line}
      ends={view.ends}
      handNumber={view.hand_number}
      anchor={openerIndex(view.line, opener)}
      lastPlayed={lastPlayed}
      targets={targets}
      onChooseEnd={onChooseEnd}
      endLabel={endLabel}
      emptyHint={emptyHint}
    />
  );
}
