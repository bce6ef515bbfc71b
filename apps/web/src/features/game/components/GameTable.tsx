import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Drawer, Modal, Stack, VisuallyHidden } from '@mantine/core';
import {
  IconArrowLeft,
  IconBook2,
  IconEye,
  IconKeyboard,
  IconPlayerSkipForward,
} from '@tabler/icons-react';
import { DIFFICULTY_LABELS, type GameView, plural } from '@domino/contracts';
import { RulesList } from '../../../components/TableRules';
import { TalkPanel } from '../../../components/TalkPanel';
import { countdownLevel, formatCountdown } from '../lib/countdown';
import { useTurnLeft } from '../lib/use-turn-left';
import type { GameScreenState } from '../lib/game-store';
import {
  canDraw,
  canPass,
  handTiles,
  tapIntent,
  type EndName,
  type HandTileState,
  type PlayerMove,
} from '../lib/moves';
import {
  freePosition,
  handEndingLabel,
  otherSeats,
  practiceDifficulty,
  seatCount,
  seatName,
  stockShown,
} from '../lib/seats';
import { Board } from './Board';
import { HandRack, focusRackTile, type DragState } from './HandRack';
import { KeyHelp, useGameKeys } from './GameKeys';
import { HandSummary } from './HandSummary';
import { ResultOverlay } from './ResultOverlay';
import { ScoreBar } from './ScoreBar';
import { SeatPanel } from './SeatPanel';
import { StockPile } from './StockPile';
import classes from './game.module.css';
import { endChoiceLabel } from '../lib/speech';

/** How long the hand summary stays up unless dismissed (the next hand starts after ~4 s). */
const SUMMARY_AUTO_CLOSE_MS = 9_000;

/** What the table needs from a match source: the server's (useGame) or the device's (useLocalGame). */
export interface GameTableSource extends GameScreenState {
  /** A move is on its way. */
  sending: boolean;
  play(move: PlayerMove): void | Promise<void>;
  dismissSummary(): void;
  /** Adds a text to the live region (the reading keys; docs/decisions/044). */
  say(text: string): void;
}

export interface GameTableProps {
  game: GameTableSource;
  view: GameView;
  /** Where the back arrow and the result's way back lead. */
  back: { to: string; label: string };
  onBack(): void;
  onPlayAgain(): void;
  /** 'Jugar de Nuevo' is under way. */
  creating: boolean;
  /**
   * The connection line of the top bar: the live socket online ('En vivo' / 'Reconectando…'),
   * or 'device' for a match played on the device (docs/decisions/041), which also hides what
   * needs the server (the result's analysis and deal verification).
   */
  connection: { live: boolean; spectators: number } | 'device';
}

/** The player's own turn clock; it alone follows the clock (useTurnLeft). */
function TurnCountdown({ deadline }: { deadline: string | null }) {
  const left = useTurnLeft(deadline);
  if (left === null) return null;
  return (
    <span
      className={classes.clock}
      data-level={countdownLevel(left)}
      data-testid="turn-countdown"
      role="timer"
      aria-label={`Tiempo restante ${formatCountdown(left)}`}
    >
      {formatCountdown(left)}
    </span>
  );
}

function StatusLine({
  view,
  myTurn,
  choosing,
}: {
  view: GameView;
  myTurn: boolean;
  choosing: boolean;
}) {
  if (view.status === 'finished') return <div className={classes.status}>Partida terminada</div>;
  if (view.turn_seat === null) return <div className={classes.status}>Repartiendo…</div>;
  if (!myTurn) {
    return (
      <div className={classes.status} data-testid="turn-status" data-my-turn="false">
        Turno de {seatName(view, view.turn_seat)}
        <span className={classes.thinking} aria-hidden>
          <span />
          <span />
          <span />
        </span>
      </div>
    );
  }
  return (
    <div className={classes.status} data-turn="true" data-testid="turn-status" data-my-turn="true">
      <span>
        {choosing
          ? 'Elige el extremo'
          : view.line.length === 0
            ? 'Tu turno: abre la mano'
            : 'Tu turno'}
      </span>
      <TurnCountdown deadline={view.turn_deadline} />
    </div>
  );
}

/**
 * The domino table of one match (docs/product.md §2 game integration): seats, board, hand,
 * moves, hand summaries and the result. Renders any source of views — the server's match on
 * /games/:gameId, the device's on /sin-conexion/partida (docs/decisions/041) — from the same
 * GameView shape.
 */
export function GameTable({
  game,
  view,
  back,
  onBack,
  onPlayAgain,
  creating,
  connection,
}: GameTableProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const rackRef = useRef<HTMLDivElement>(null);
  // Keyboard play: the end buttons take the focus when a tile is chosen with a key, and the
  // focus goes back to the rack once the tile is played or the choice is cancelled.
  const [endFocus, setEndFocus] = useState(0);
  const [rackFocus, setRackFocus] = useState(0);
  const playing = view.status === 'playing';
  const { summary, dismissSummary } = game;
  const device = connection === 'device';

  useEffect(() => {
    if (!summary) return;
    const id = window.setTimeout(dismissSummary, SUMMARY_AUTO_CLOSE_MS);
    return () => window.clearTimeout(id);
  }, [summary, dismissSummary]);

  useEffect(() => {
    if (endFocus === 0) return;
    document
      .querySelector<HTMLButtonElement>('[data-testid="game-screen"] [data-drop-end]')
      ?.focus();
  }, [endFocus]);
  useEffect(() => {
    if (rackFocus > 0) focusRackTile(rackRef.current);
  }, [rackFocus]);

  useGameKeys({
    view,
    enabled: !keysOpen,
    say: game.say,
    onHelp: () => setKeysOpen(true),
    onEscape: () => {
      if (selected === null) return false;
      setSelected(null);
      setRackFocus((n) => n + 1);
      return true;
    },
  });

  const tiles = useMemo(
    () => handTiles(view).sort((a, b) => a.tile[0] - b.tile[0] || a.tile[1] - b.tile[1]),
    [view],
  );

  const myTurn = playing && view.turn_seat === view.my_seat && game.pending === null;
  const selectedTile: HandTileState | undefined = myTurn
    ? tiles.find((t) => t.key === selected && t.ends.length > 0)
    : undefined;
  const targets = drag
    ? { ends: drag.ends, hover: drag.hover }
    : selectedTile
      ? { ends: selectedTile.ends, hover: null }
      : null;
  const me = view.seats.find((s) => s.seat === view.my_seat);
  const difficulty = view.kind === 'practice' ? practiceDifficulty(view) : null;
  const busy = game.sending || game.pending !== null;
  // Opponents (and partner) around me; with fewer than 4 seats the stock takes a free place.
  const seats = seatCount(view);
  const others = otherSeats(view.my_seat, seats);
  const stock = stockShown(view);
  const stockSpot = freePosition(seats);

  const playTile = (tile: HandTileState, end: EndName) => {
    const fromEndButton = document.activeElement?.hasAttribute('data-drop-end') ?? false;
    setSelected(null);
    void game.play({ tile: tile.tile, end });
    if (fromEndButton) setRackFocus((n) => n + 1);
  };

  const onTap = (tile: HandTileState, keyboard: boolean) => {
    const intent = tapIntent(view.legal_moves, tile.tile);
    if (intent.kind === 'play') playTile(tile, intent.end);
    else if (intent.kind === 'choose') {
      const choosing = selected !== tile.key;
      setSelected(choosing ? tile.key : null);
      if (choosing && keyboard) setEndFocus((n) => n + 1);
    }
  };

  const emptyHint = myTurn
    ? view.required_lead
      ? `Abre la mano con el ${view.required_lead[0]}-${view.required_lead[1]}`
      : 'Abre la mano con cualquier ficha'
    : view.required_lead
      ? `Se abre con el ${view.required_lead[0]}-${view.required_lead[1]}`
      : 'Esperando la salida…';

  return (
    <div
      className={classes.screen}
      data-testid="game-screen"
      data-version={view.version}
      data-status={view.status}
      data-hand-number={view.hand_number}
    >
      <div className={classes.topbar}>
        {/* A table match in play cannot be left: the seat stays yours (the CPU covers a timeout),
            and the dashboard would send you straight back here. */}
        {view.kind === 'table' && playing ? (
          <span className={classes.backSpacer} aria-hidden />
        ) : (
          <ActionIcon
            variant="subtle"
            size="lg"
            className={classes.backButton}
            aria-label={back.label}
            onClick={onBack}
          >
            <IconArrowLeft size={22} />
          </ActionIcon>
        )}
        <ScoreBar view={view} />
        <div className={classes.meta}>
          <span data-testid="hand-number">Mano {view.hand_number}</span>
          {difficulty && <span>CPU {DIFFICULTY_LABELS[difficulty]}</span>}
          {view.table && (
            <span
              className={classes.tableName}
              title={view.table.name}
              data-testid="game-table-name"
            >
              {view.table.name}
            </span>
          )}
          <button
            type="button"
            className={classes.rulesButton}
            onClick={() => setRulesOpen(true)}
            data-testid="game-rules-open"
          >
            <IconBook2 size={14} aria-hidden /> Reglas
          </button>
          <button
            type="button"
            className={classes.rulesButton}
            onClick={() => setKeysOpen(true)}
            aria-label="Teclas (?)"
            title="Teclas del juego"
            data-testid="game-keys-open"
          >
            <IconKeyboard size={14} aria-hidden /> ?
          </button>
          {connection !== 'device' && view.kind === 'table' && (
            <span
              className={classes.watchers}
              title="Espectadores mirando la partida"
              aria-label={plural(connection.spectators, 'espectador', 'espectadores')}
              data-testid="game-spectators"
              data-count={connection.spectators}
            >
              <IconEye size={14} aria-hidden /> {connection.spectators}
            </span>
          )}
          {device ? (
            <span title="La partida se juega en este dispositivo" data-testid="game-on-device">
              En tu dispositivo
            </span>
          ) : (
            <span title={connection.live ? 'Conectado en tiempo real' : 'Reconectando'}>
              <span className={classes.liveDot} data-live={connection.live} aria-hidden />
              {connection.live ? 'En vivo' : 'Reconectando…'}
            </span>
          )}
        </div>
      </div>

      <div className={classes.table}>
        {others.map(({ seat, position }) => (
          <SeatPanel
            key={position}
            view={view}
            seat={seat}
            position={position}
            passed={game.passMarkers.includes(seat)}
          />
        ))}
        {stock !== null && <StockPile count={stock} position={stockSpot} />}
        <Board
          view={view}
          opener={game.opener}
          lastPlayed={game.lastPlayed}
          targets={targets}
          emptyHint={emptyHint}
          onChooseEnd={(end) => {
            if (selectedTile) playTile(selectedTile, end);
          }}
          endLabel={selectedTile ? (end) => endChoiceLabel(selectedTile.tile, end) : undefined}
        />
      </div>

      <div className={classes.me}>
        {me && me.cpu_played && playing && (
          <div className={classes.banner} role="status" data-testid="cpu-played-for-me">
            Se acabó tu tiempo y la CPU jugó por ti. En tu próximo turno tienes el tiempo completo.
          </div>
        )}
        <StatusLine view={view} myTurn={myTurn} choosing={!!selectedTile} />
        {myTurn && (canPass(view.legal_moves) || canDraw(view.legal_moves)) && (
          <div className={classes.actions}>
            {canDraw(view.legal_moves) && (
              <Button
                size="xs"
                color="gold"
                onClick={() => void game.play({ draw: true })}
                disabled={busy}
                data-testid="move-draw"
              >
                Robar del pozo ({view.stock_count})
              </Button>
            )}
            {canPass(view.legal_moves) && (
              <Button
                size="xs"
                color="gold"
                leftSection={<IconPlayerSkipForward size={14} aria-hidden />}
                onClick={() => void game.play({ pass: true })}
                disabled={busy}
                data-testid="move-pass"
              >
                Pasar
              </Button>
            )}
          </div>
        )}
        <HandRack
          tiles={tiles}
          myTurn={myTurn}
          selected={selectedTile?.key ?? null}
          busy={busy}
          onTap={onTap}
          onCancel={() => setSelected(null)}
          rackRef={rackRef}
          onDragChange={setDrag}
          onDrop={playTile}
        />
        {view.table && (
          <TalkPanel
            tableId={view.table.id}
            enabled={view.kind === 'table'}
            compact
            refreshKey={`${view.hand_number}:${view.line.length === 0}:${view.status}`}
          />
        )}
      </div>

      <VisuallyHidden>
        <div role="log" aria-live="polite" aria-label="Jugadas" data-testid="game-announcer">
          {game.spoken.map((s) => (
            <p key={s.id}>{s.text}</p>
          ))}
        </div>
      </VisuallyHidden>

      <KeyHelp opened={keysOpen} onClose={() => setKeysOpen(false)} />

      <Drawer
        opened={rulesOpen}
        onClose={() => setRulesOpen(false)}
        position="bottom"
        size="auto"
        radius="lg"
        title="Reglas de la mesa"
        styles={{ content: { maxHeight: '85dvh' } }}
        data-testid="game-rules-sheet"
      >
        <RulesList rules={view.rules} testId="game-rules-list" />
      </Drawer>

      <Modal
        opened={summary !== null && playing}
        onClose={dismissSummary}
        centered
        size="lg"
        radius="lg"
        title={summary ? `Fin de la mano ${summary.hand_number}: ${handEndingLabel(summary)}` : ''}
        transitionProps={{ transition: 'pop', duration: 200 }}
        onExitTransitionEnd={() => {
          // The tile focused before the summary is gone: back to the hand for the next one.
          if (document.activeElement === document.body) focusRackTile(rackRef.current);
        }}
      >
        {summary && (
          <Stack gap="md">
            <HandSummary view={view} summary={summary} />
            <Button onClick={dismissSummary} data-testid="hand-summary-close">
              Continuar
            </Button>
          </Stack>
        )}
      </Modal>

      {view.status === 'finished' && (
        <ResultOverlay
          view={view}
          creating={creating}
          onPlayAgain={onPlayAgain}
          onBack={onBack}
          backLabel={back.label}
          onDevice={device}
        />
      )}
    </div>
  );
}
