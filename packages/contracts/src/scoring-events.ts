/**
 * Scoring events: every kind of bonus a hand can score besides its base points, described once
 * (docs/decisions/018-table-rules-as-data.md "Scoring events"; the rules and their sources:
 * docs/rules.md "bonuses").
 *
 * The engine names the kinds (`BONUS_SWITCHES` in packages/domino/src/config.ts, with the switch
 * each has in `TableConfig.bonuses`); `SCORING_EVENTS` must hold exactly one entry per engine
 * kind, which the compiler checks (`satisfies` below). From it derive: the wire enum of the game
 * view's `bonuses[].kind` / `pending_bonuses[].kind` (`scoringEventKindSchema`), the table rule
 * option that switches the bonus on (`RULE_OPTIONS` in rules.ts, with its schema line), the
 * Spanish label of the hand summary's scoring line (`scoringEventLabel`) and the replay's
 * announcement (`announce`). A new bonus shown to players as its own scoring line touches the
 * engine's `BONUS_SWITCHES` entry, its rule (scoring.ts or match.ts) and one entry here.
 */
import { z } from 'zod';
import {
  BONUS_POINTS,
  PASE_SALIDA_DOUBLE_POINTS,
  PASE_SALIDA_POINTS,
  type BonusKind,
} from '@domino/domino';

/** What the screens and the wire need of one scoring-event kind. */
export interface ScoringEventEntry<K extends BonusKind = BonusKind> {
  /** The engine's kind (`Bonus['kind']`). */
  readonly engine: K;
  /** Its value on the wire (`bonuses[].kind` of a hand summary, `pending_bonuses[].kind`). */
  readonly wire: string;
  /** Spanish label of its scoring line ("Capicúa 25") and of the rule option that enables it. */
  readonly label: string;
  /** One Spanish sentence: what earns it (rule option detail when enabled). */
  readonly earnedBy: string;
  /** One Spanish sentence for a table where it is off (rule option detail when disabled). */
  readonly whenOff: string;
  /** What it is worth, in Spanish ("+25 puntos"): the rule option's label when enabled. */
  readonly prize: string;
  /** Its short card chip when enabled ("Capicúa +25"). */
  readonly chip: string;
  /**
   * True when the engine plays it in parejas only (config.ts `playsPaseCorrido`): its rule option
   * applies to parejas tables and must stay off elsewhere.
   */
  readonly parejasOnly: boolean;
  /** The replay's announcement of one such bonus: `who` scored `points`. */
  readonly announce: (who: string, points: number) => string;
}

/** Every scoring-event kind, in the order the rule options list them. */
export const SCORING_EVENTS = {
  capicua: {
    engine: 'capicua',
    wire: 'capicua',
    label: 'Capicúa',
    earnedBy:
      `Dominar con una ficha (no doble) que sirve por las dos puntas suma ${BONUS_POINTS} puntos. ` +
      'También cuenta si las dos puntas muestran el mismo número (por ejemplo, el 3-4 con las dos ' +
      'puntas en 3); un doble nunca es capicúa, tampoco el doble blanco.',
    whenOff: 'La capicúa no da puntos extra.',
    prize: `+${BONUS_POINTS} puntos`,
    chip: `Capicúa +${BONUS_POINTS}`,
    parejasOnly: false,
    announce: (who, points) => `Capicúa: +${points} para ${who}`,
  },
  pase_corrido: {
    engine: 'pase_corrido',
    wire: 'pase_corrido',
    label: 'Pase corrido',
    earnedBy: `Jugar una ficha que hace pasar a los otros tres jugadores seguidos suma ${BONUS_POINTS} puntos a tu pareja.`,
    whenOff: 'El pase corrido no da puntos extra.',
    prize: `+${BONUS_POINTS} puntos`,
    chip: `Pase corrido +${BONUS_POINTS}`,
    parejasOnly: true,
    announce: (who, points) => `Pase corrido: +${points} para ${who}`,
  },
  pase_salida: {
    engine: 'pase_salida',
    wire: 'pase_salida',
    label: 'Pase de salida',
    earnedBy:
      `Si el jugador siguiente a quien sale pasa con la primera ficha de la mano, la pareja que ` +
      `salió suma ${PASE_SALIDA_POINTS} puntos (${PASE_SALIDA_DOUBLE_POINTS} si salió con un doble).`,
    whenOff: 'El pase de salida no da puntos extra.',
    prize: `+${PASE_SALIDA_POINTS} puntos`,
    chip: `Pase de salida +${PASE_SALIDA_POINTS}`,
    parejasOnly: true,
    announce: (who, points) => `Pase de salida: +${points} para ${who}`,
  },
} as const satisfies { readonly [K in BonusKind]: ScoringEventEntry<K> };

/** A scoring-event kind as the wire carries it. */
export type ScoringEventWire = (typeof SCORING_EVENTS)[BonusKind]['wire'];

/** Every scoring-event entry, in registry order. */
export const SCORING_EVENT_LIST: readonly ScoringEventEntry[] = Object.values(SCORING_EVENTS);

/** The engine's kinds, in registry order (the keys of `BONUS_SWITCHES`). */
export const SCORING_EVENT_KINDS = SCORING_EVENT_LIST.map((e) => e.engine);

const wires = SCORING_EVENT_LIST.map((e) => e.wire) as [ScoringEventWire, ...ScoringEventWire[]];

/** The wire enum of a bonus kind (game view `bonuses[].kind`, `pending_bonuses[].kind`). */
export const scoringEventKindSchema = z.enum(wires);

const byWire = new Map<string, ScoringEventEntry>(SCORING_EVENT_LIST.map((e) => [e.wire, e]));

/** The wire value of an engine kind. */
export function scoringEventWire(kind: BonusKind): ScoringEventWire {
  return SCORING_EVENTS[kind].wire;
}

/** The Spanish label of a wire kind ("Capicúa"), for a hand's scoring lines. */
export function scoringEventLabel(wire: ScoringEventWire): string {
  return byWire.get(wire)?.label ?? wire;
}
