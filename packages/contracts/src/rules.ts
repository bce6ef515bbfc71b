/**
 * A table's rules as one piece of data (docs/decisions/018-table-rules-as-data.md; every rule and
 * its source: docs/rules.md).
 *
 * `tableRulesSchema` is the wire and storage shape (snake_case, one flat object, stored as one
 * jsonb value per table and per match); it mirrors the engine's `TableConfig` option for option,
 * and `rulesToConfig` / `configToRules` convert between the two by key name (snake_case <->
 * camelCase; the bonuses, one boolean per scoring-event kind, live under the engine's `bonuses`).
 *
 * `RULE_OPTIONS` describes every option once, in Spanish: label, choices with what each implies
 * in points, which tables it applies to, the short chip shown on table cards. The staff form, the
 * refusal of combinations that do not apply, the chips and the full list are all generated from
 * it, so adding an option means: the engine rule (packages/domino), one line in the schema below
 * and one entry in `RULE_OPTIONS`. A bonus option (a scoring event of its own) is generated from
 * its entry in scoring-events.ts instead: its schema line and its `RULE_OPTIONS` entry.
 */
import { z } from 'zod';
import { BONUS_SWITCHES, DEFAULT_CONFIG, type BonusKind, type TableConfig } from '@domino/domino';
import { SCORING_EVENT_KINDS, SCORING_EVENT_LIST, type ScoringEventEntry } from './scoring-events';

/** Turn time bounds in seconds for staff-made tables. */
export const TURN_SECONDS_MIN = 10;
export const TURN_SECONDS_MAX = 120;

/** One on/off option per scoring-event kind (scoring-events.ts), named by the kind. */
const BONUS_SHAPE = Object.fromEntries(SCORING_EVENT_KINDS.map((k) => [k, z.boolean()])) as {
  [K in BonusKind]: z.ZodBoolean;
};

const rulesShape = z.object({
  mode: z.enum(['parejas', 'individual']),
  players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  // One literal schema with three values: a wrong value lists all three (not 'Debe ser «100»').
  target_points: z.literal([100, 150, 200]),
  lead_rule: z.enum(['rotate', 'winner']),
  tranque_rule: z.enum(['pair_totals', 'lowest_hand']),
  counting_rule: z.enum(['opponents', 'all_hands']),
  tranque_counting: z.enum(['as_domino', 'all_pips']),
  tranque_tie: z.enum(['void', 'leader']),
  tranque_lead: z.enum(['lowest_hand', 'blocker']),
  ...BONUS_SHAPE,
  drawing: z.boolean(),
  turn_seconds: z.number().int().min(TURN_SECONDS_MIN).max(TURN_SECONDS_MAX),
});

/** The rules of one table or match (wire and storage shape). */
export type TableRules = z.infer<typeof rulesShape>;
/** The name of one rule option. */
export type RuleKey = keyof TableRules;
/** A value of any rule option. */
export type RuleValue = TableRules[RuleKey];

/** One choice of an option: its value, Spanish label, what it means in points, its card chip. */
export interface RuleChoice {
  readonly value: string | number | boolean;
  /** Short Spanish label (form select, full list). */
  readonly label: string;
  /** One Spanish sentence: what the choice means for the points or the play. */
  readonly detail: string;
  /** Short chip for table cards; absent = the choice is not worth a chip (a common default). */
  readonly chip?: string;
}

/** One rule option: how it is shown, edited and when it applies. */
export interface RuleOption {
  readonly key: RuleKey;
  /** Spanish label of the option. */
  readonly label: string;
  /** `choice`: one of `choices`; `seconds`: a whole number between `min` and `max`. */
  readonly kind: 'choice' | 'seconds';
  readonly choices: readonly RuleChoice[];
  readonly min?: number;
  readonly max?: number;
  /**
   * Whether the option means anything for these rules (absent = always). An option that does not
   * apply must keep its default: it is hidden in forms and lists, and any other value is refused
   * with `onlyWhen` as the Spanish reason.
   */
  readonly appliesTo?: (rules: TableRules) => boolean;
  readonly onlyWhen?: string;
}

const parejas = (r: TableRules) => r.mode === 'parejas';

/**
 * The on/off option of a scoring event (scoring-events.ts): no prize, or its prize with its chip;
 * an event the engine plays in parejas only applies to parejas tables.
 */
function bonusOption(event: ScoringEventEntry): RuleOption {
  return {
    key: event.engine,
    label: event.label,
    kind: 'choice',
    ...(event.parejasOnly ? { appliesTo: parejas, onlyWhen: 'solo aplica en parejas' } : {}),
    choices: [
      { value: false, label: 'Sin premio', detail: event.whenOff },
      { value: true, label: event.prize, detail: event.earnedBy, chip: event.chip },
    ],
  };
}

/** Every rule option, in display order (docs/rules.md gives the sources). */
export const RULE_OPTIONS: readonly RuleOption[] = [
  {
    key: 'mode',
    label: 'Modalidad',
    kind: 'choice',
    choices: [
      {
        value: 'parejas',
        label: 'Parejas',
        detail: 'Dos parejas; los compañeros se sientan de frente y suman juntos.',
        chip: 'Parejas',
      },
      {
        value: 'individual',
        label: 'Individual',
        detail: 'Cada jugador juega para sí; las fichas que sobran quedan en el pozo.',
        chip: 'Individual',
      },
    ],
  },
  {
    key: 'players',
    label: 'Jugadores',
    kind: 'choice',
    choices: [
      { value: 2, label: '2 jugadores', detail: 'Mesa individual de 2.', chip: '2 jugadores' },
      { value: 3, label: '3 jugadores', detail: 'Mesa individual de 3.', chip: '3 jugadores' },
      { value: 4, label: '4 jugadores', detail: 'Dos parejas.' },
    ],
  },
  {
    key: 'target_points',
    label: 'Puntos para ganar',
    kind: 'choice',
    choices: [100, 150, 200].map((n) => ({
      value: n,
      label: `A ${n} puntos`,
      detail: `Gana la partida el primero que llega a ${n} puntos.`,
      chip: `A ${n}`,
    })),
  },
  {
    key: 'lead_rule',
    label: 'Salida de cada mano',
    kind: 'choice',
    choices: [
      {
        value: 'rotate',
        label: 'Rota',
        detail: 'Sale el jugador siguiente al que salió en la mano anterior.',
      },
      {
        value: 'winner',
        label: 'Sale el ganador',
        detail: 'Sale quien ganó la mano anterior; tras una mano anulada, la salida rota.',
        chip: 'Sale el ganador',
      },
    ],
  },
  {
    key: 'tranque_rule',
    label: 'Tranque: quién gana',
    kind: 'choice',
    appliesTo: parejas,
    onlyWhen: 'solo aplica en parejas',
    choices: [
      {
        value: 'pair_totals',
        label: 'La pareja con menos puntos',
        detail: 'Se suman las fichas de cada pareja; gana la que tenga menos.',
      },
      {
        value: 'lowest_hand',
        label: 'La mano más baja',
        detail: 'Gana la pareja del jugador con menos puntos en la mano.',
        chip: 'Tranque por mano',
      },
    ],
  },
  {
    key: 'counting_rule',
    label: 'Puntos de la mano',
    kind: 'choice',
    appliesTo: parejas,
    onlyWhen: 'solo aplica en parejas',
    choices: [
      {
        value: 'opponents',
        label: 'Fichas de los rivales',
        detail: 'La pareja ganadora suma los puntos que les quedan a los dos rivales.',
      },
      {
        value: 'all_hands',
        label: 'Fichas de los otros tres',
        detail: 'Se suman los puntos de las otras tres manos, la del compañero incluida.',
        chip: 'Cuenta al compañero',
      },
    ],
  },
  {
    key: 'tranque_counting',
    label: 'Puntos del tranque',
    kind: 'choice',
    choices: [
      {
        value: 'as_domino',
        label: 'Como un dominó',
        detail: 'El ganador del tranque suma los mismos puntos que si hubiera dominado.',
      },
      {
        value: 'all_pips',
        label: 'Todas las fichas',
        detail: 'El ganador del tranque suma los puntos de todas las manos, los suyos incluidos.',
        chip: 'Tranque cuenta todo',
      },
    ],
  },
  {
    key: 'tranque_tie',
    label: 'Empate en el tranque',
    kind: 'choice',
    choices: [
      {
        value: 'void',
        label: 'Mano anulada',
        detail:
          'Nadie suma los puntos de la mano; solo cuentan los premios ya ganados en ella (pase corrido, pase de salida). Sale el jugador siguiente al que salió.',
      },
      {
        value: 'leader',
        label: 'Gana quien salió',
        detail:
          'Gana la pareja (o el jugador) que salió en esa mano; si no está empatado, el empatado más cercano después de quien salió.',
        chip: 'Empate: gana la salida',
      },
    ],
  },
  {
    key: 'tranque_lead',
    label: 'Salida tras ganar un tranque',
    kind: 'choice',
    appliesTo: (r) => r.mode === 'parejas' && r.lead_rule === 'winner',
    onlyWhen: 'solo aplica en parejas cuando sale el ganador',
    choices: [
      {
        value: 'lowest_hand',
        label: 'La mano más baja',
        detail: 'Sale el jugador de la pareja ganadora con menos puntos.',
      },
      {
        value: 'blocker',
        label: 'Quien trancó',
        detail:
          'Sale quien trancó el juego si su pareja ganó el tranque; si no, sale el jugador de la pareja ganadora con menos puntos.',
        chip: 'Sale quien tranca',
      },
    ],
  },
  ...SCORING_EVENT_LIST.map(bonusOption),
  {
    key: 'drawing',
    label: 'Pozo',
    kind: 'choice',
    appliesTo: (r) => r.mode === 'individual',
    onlyWhen: 'solo aplica en mesas individuales',
    choices: [
      {
        value: true,
        label: 'Se roba',
        detail: 'Quien no tiene ficha que sirva roba del pozo hasta poder jugar.',
        chip: 'Con robo',
      },
      {
        value: false,
        label: 'No se roba',
        detail: 'Quien no tiene ficha que sirva pasa.',
        chip: 'Sin robo',
      },
    ],
  },
  {
    key: 'turn_seconds',
    label: 'Tiempo por turno',
    kind: 'seconds',
    min: TURN_SECONDS_MIN,
    max: TURN_SECONDS_MAX,
    choices: [],
  },
];

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const BONUS_KEYS: Readonly<Record<string, keyof TableConfig['bonuses']>> = BONUS_SWITCHES;

/** Engine config -> rules, option for option; missing options and switches at the default. */
function rulesOfConfig(config: TableConfig): TableRules {
  const full: TableConfig = { ...DEFAULT_CONFIG, ...config };
  const bonuses = { ...DEFAULT_CONFIG.bonuses, ...full.bonuses };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(full)) {
    // `boards` is a duplicate set's setting, not a table rule (decision 062).
    if (k === 'bonuses' || k === 'boards') continue;
    out[snake(k)] = v;
  }
  for (const [rk, ck] of Object.entries(BONUS_KEYS)) out[rk] = bonuses[ck];
  return out as TableRules;
}

/**
 * Engine config -> the rules it plays by. Options missing from an old stored config take the
 * engine default, and an option that does not apply to the table reads as its default, as the
 * engine ignores it (a match stored with pase corrido at 2 or 3 players plays and shows it off:
 * docs/decisions/057-rules-against-their-sources.md), so the result passes `tableRulesSchema`.
 */
export function configToRules(config: TableConfig): TableRules {
  return normalizeRules(rulesOfConfig(config));
}

/** Rules -> the engine config a match plays by. */
export function rulesToConfig(rules: TableRules): TableConfig {
  const out: Record<string, unknown> = { bonuses: {} };
  for (const [k, v] of Object.entries(rules)) {
    const bonusKey = BONUS_KEYS[k];
    if (bonusKey) (out.bonuses as Record<string, unknown>)[bonusKey] = v;
    else out[camel(k)] = v;
  }
  return out as unknown as TableConfig;
}

/** The default rules: the engine defaults (parejas to 100, rotating lead, no bonuses, 20 s). */
export const DEFAULT_RULES: TableRules = Object.freeze(rulesOfConfig(DEFAULT_CONFIG));

/** True when `option` means anything for `rules`. */
export function ruleApplies(option: RuleOption, rules: TableRules): boolean {
  return option.appliesTo?.(rules) ?? true;
}

/**
 * Puts every option that does not apply back to its default, so equal games compare equal and
 * forms can hide what does not apply. Mode and seats stay as given.
 */
export function normalizeRules(rules: TableRules): TableRules {
  const out: Record<string, unknown> = { ...rules };
  for (const o of RULE_OPTIONS) if (!ruleApplies(o, rules)) out[o.key] = DEFAULT_RULES[o.key];
  return out as TableRules;
}

/**
 * The rules of a table or match, validated: every option present with an allowed value; parejas
 * with 4 players and individual with 2 or 3; an option that does not apply to the table must keep
 * its default. Every refusal is a Spanish message on the option's key.
 */
export const tableRulesSchema = rulesShape.superRefine((r, ctx) => {
  if (r.mode === 'parejas' && r.players !== 4)
    ctx.addIssue({
      code: 'custom',
      path: ['players'],
      message: 'El modo parejas necesita 4 jugadores',
    });
  if (r.mode === 'individual' && r.players === 4)
    ctx.addIssue({
      code: 'custom',
      path: ['players'],
      message: 'El modo individual es para 2 o 3 jugadores',
    });
  for (const o of RULE_OPTIONS) {
    if (!ruleApplies(o, r) && r[o.key] !== DEFAULT_RULES[o.key])
      ctx.addIssue({
        code: 'custom',
        path: [o.key],
        message: `${o.label}: ${o.onlyWhen ?? 'no aplica a esta mesa'}`,
      });
  }
});

/** A partial rules object (staff edits): any subset of the options, each with an allowed value. */
export const tableRulesPatchSchema = rulesShape.partial();

/** One line of the full list of a table's rules. */
export interface RuleLine {
  key: RuleKey;
  label: string;
  value: string;
  detail: string;
}

/** The choice `rules` holds for `option` (undefined for `seconds` options). */
function choiceOf(option: RuleOption, rules: TableRules): RuleChoice | undefined {
  return option.choices.find((c) => c.value === rules[option.key]);
}

/**
 * The full list of a table's rules in Spanish, one line per option that applies, each with what
 * it means in points (waiting room, game screen sheet, history).
 */
export function describeRules(rules: TableRules): RuleLine[] {
  const lines: RuleLine[] = [];
  for (const o of RULE_OPTIONS) {
    if (!ruleApplies(o, rules)) continue;
    if (o.kind === 'seconds') {
      const n = rules[o.key] as number;
      lines.push({
        key: o.key,
        label: o.label,
        value: `${n} segundos`,
        detail: 'Si se acaba, la CPU juega ese turno por ti.',
      });
      continue;
    }
    const c = choiceOf(o, rules);
    if (c) lines.push({ key: o.key, label: o.label, value: c.label, detail: c.detail });
  }
  return lines;
}

/**
 * Short chips for a table card: the mode (with the seats when individual), the target, then one
 * chip per option whose choice is worth showing (the common defaults show none).
 */
export function ruleChips(rules: TableRules): string[] {
  const chips: string[] = [];
  for (const o of RULE_OPTIONS) {
    if (!ruleApplies(o, rules) || o.kind !== 'choice') continue;
    if (o.key === 'players' && rules.mode === 'parejas') continue;
    const chip = choiceOf(o, rules)?.chip;
    if (chip) chips.push(chip);
  }
  return chips;
}

/**
 * `rules` with one option changed, kept consistent: a mode change brings the seats along
 * (parejas 4; individual 2 when it had 4), and options that stop applying go back to their
 * default. What a form calls when the staff member picks a choice.
 */
export function withRule(rules: TableRules, key: RuleKey, value: RuleValue): TableRules {
  const next = { ...rules, [key]: value } as TableRules;
  if (key === 'mode') {
    if (next.mode === 'parejas') next.players = 4;
    else if (next.players === 4) next.players = 2;
  }
  return normalizeRules(next);
}

/** The choices of `option` that make valid rules from `rules` (e.g. parejas offers 4 seats only). */
export function ruleChoices(option: RuleOption, rules: TableRules): RuleChoice[] {
  return option.choices.filter((c) => {
    const next = withRule(rules, option.key, c.value as RuleValue);
    return next[option.key] === c.value && tableRulesSchema.safeParse(next).success;
  });
}
