import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, startMatch, type TableConfig } from '@domino/domino';
// Installs the Spanish error map, as the server and the web app do (docs/decisions/014).
import './input';
import {
  DEFAULT_RULES,
  RULE_OPTIONS,
  configToRules,
  describeRules,
  normalizeRules,
  ruleChips,
  ruleChoices,
  withRule,
  rulesToConfig,
  tableRulesSchema,
  type TableRules,
} from './rules';
import { tableInputSchema } from './tables';

const capicuaTable: TableRules = {
  ...DEFAULT_RULES,
  mode: 'individual',
  players: 2,
  target_points: 200,
  capicua: true,
  drawing: true,
  tranque_tie: 'leader',
  tranque_counting: 'all_pips',
};

describe('table rules', () => {
  it('has one described option per engine option, so nothing is left out of forms and lists', () => {
    const keys = Object.keys(DEFAULT_RULES).sort();
    expect(RULE_OPTIONS.map((o) => o.key).sort()).toEqual(keys);
    const engineKeys =
      Object.keys(DEFAULT_CONFIG).filter((k) => k !== 'bonuses').length +
      Object.keys(DEFAULT_CONFIG.bonuses).length;
    expect(keys).toHaveLength(engineKeys);
    for (const o of RULE_OPTIONS) {
      if (o.kind !== 'choice') continue;
      for (const c of o.choices) {
        const rules = normalizeRules({ ...DEFAULT_RULES, [o.key]: c.value } as TableRules);
        const withSeats =
          o.key === 'mode' && c.value === 'individual'
            ? { ...rules, players: 2 as const }
            : o.key === 'players' && c.value !== 4
              ? { ...rules, mode: 'individual' as const }
              : rules;
        expect(tableRulesSchema.safeParse(withSeats).success, `${o.key}=${String(c.value)}`).toBe(
          true,
        );
        expect(c.label.length).toBeGreaterThan(0);
      }
    }
  });

  it('converts to the engine config and back without loss, and the engine accepts it', () => {
    expect(rulesToConfig(DEFAULT_RULES)).toEqual(DEFAULT_CONFIG);
    const config = rulesToConfig(capicuaTable);
    expect(config).toMatchObject({
      mode: 'individual',
      players: 2,
      targetPoints: 200,
      bonuses: { capicua: true, paseCorrido: false, paseSalida: false },
      tranqueTie: 'leader',
      tranqueCounting: 'all_pips',
    });
    expect(configToRules(config)).toEqual(capicuaTable);
    expect(() => startMatch(config, { serverSeed: 's', clientSeeds: ['a', 'b'] })).not.toThrow();
  });

  it('reads a config stored before the tranque options existed with their defaults', () => {
    const { tranqueTie: _t, tranqueLead: _l, tranqueCounting: _c, ...old } = DEFAULT_CONFIG;
    expect(configToRules(old as TableConfig)).toEqual(DEFAULT_RULES);
  });

  it('refuses seats that do not fit the mode and options that do not apply, in Spanish', () => {
    const refused = (rules: TableRules) => {
      const r = tableRulesSchema.safeParse(rules);
      return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    };
    expect(refused({ ...DEFAULT_RULES, players: 3 })).toEqual([
      'players: El modo parejas necesita 4 jugadores',
    ]);
    expect(refused({ ...DEFAULT_RULES, mode: 'individual' })).toEqual([
      'players: El modo individual es para 2 o 3 jugadores',
    ]);
    expect(refused({ ...DEFAULT_RULES, tranque_lead: 'blocker' })).toEqual([
      'tranque_lead: Salida tras ganar un tranque: solo aplica en parejas cuando sale el ganador',
    ]);
    expect(refused({ ...DEFAULT_RULES, drawing: false })).toEqual([
      'drawing: Pozo: solo aplica en mesas individuales',
    ]);
    expect(refused({ ...capicuaTable, counting_rule: 'all_hands' })).toEqual([
      'counting_rule: Puntos de la mano: solo aplica en parejas',
    ]);
    expect(refused({ ...DEFAULT_RULES, lead_rule: 'winner', tranque_lead: 'blocker' })).toEqual([]);
    // A target that is not offered lists the ones that are.
    expect(
      refused({ ...DEFAULT_RULES, target_points: 999 as TableRules['target_points'] }),
    ).toEqual(['target_points: Debe ser uno de estos valores: «100», «150», «200»']);
  });

  it('shows short chips for the mode, target and every option off the common defaults', () => {
    expect(ruleChips(DEFAULT_RULES)).toEqual(['Parejas', 'A 100']);
    expect(ruleChips(capicuaTable)).toEqual([
      'Individual',
      '2 jugadores',
      'A 200',
      'Tranque cuenta todo',
      'Empate: gana la salida',
      'Capicúa +25',
      'Con robo',
    ]);
  });

  it('lists every option that applies with what it means in points', () => {
    const lines = describeRules(capicuaTable);
    expect(lines.map((l) => l.key)).not.toContain('counting_rule');
    expect(lines.find((l) => l.key === 'capicua')).toMatchObject({
      label: 'Capicúa',
      value: '+25 puntos',
    });
    expect(lines.find((l) => l.key === 'turn_seconds')?.value).toBe('20 segundos');
    expect(describeRules(DEFAULT_RULES).map((l) => l.key)).toEqual([
      'mode',
      'players',
      'target_points',
      'lead_rule',
      'tranque_rule',
      'counting_rule',
      'tranque_counting',
      'tranque_tie',
      'capicua',
      'pase_corrido',
      'pase_salida',
      'turn_seconds',
    ]);
  });
});

describe('rules corrected against their sources (docs/decisions/057-rules-against-their-sources.md)', () => {
  const refused = (rules: TableRules) => {
    const r = tableRulesSchema.safeParse(rules);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  };

  it('offers the pase corrido and the pase de salida at parejas only, refusing them in Spanish', () => {
    const trio = { ...DEFAULT_RULES, mode: 'individual', players: 3 } as TableRules;
    expect(refused({ ...trio, pase_corrido: true })).toEqual([
      'pase_corrido: Pase corrido: solo aplica en parejas',
    ]);
    expect(refused({ ...trio, players: 2, pase_salida: true })).toEqual([
      'pase_salida: Pase de salida: solo aplica en parejas',
    ]);
    expect(refused({ ...DEFAULT_RULES, pase_corrido: true, pase_salida: true })).toEqual([]);
    expect(describeRules(trio).map((l) => l.key)).not.toContain('pase_corrido');
    expect(withRule({ ...DEFAULT_RULES, pase_corrido: true }, 'mode', 'individual')).toMatchObject({
      pase_corrido: false,
    });
  });

  it('reads a match stored with pase corrido at 2 players as off, the way the engine plays it', () => {
    const stored = {
      ...DEFAULT_CONFIG,
      mode: 'individual',
      players: 2,
      bonuses: { capicua: true, paseCorrido: true },
    } as unknown as TableConfig;
    const rules = configToRules(stored);
    expect(rules).toMatchObject({ capicua: true, pase_corrido: false, pase_salida: false });
    expect(tableRulesSchema.safeParse(rules).success).toBe(true);
    expect(() => startMatch(stored, { serverSeed: 's', clientSeeds: ['a', 'b'] })).not.toThrow();
  });

  it('says what each text promises: pase de salida points, void hands keep bonuses, capicúa on equal ends', () => {
    const detail = (key: string, value: unknown) =>
      RULE_OPTIONS.find((o) => o.key === key)?.choices.find((c) => c.value === value)?.detail;
    expect(detail('pase_salida', true)).toBe(
      'Si el jugador siguiente a quien sale pasa con la primera ficha de la mano, la pareja que salió suma 50 puntos (25 si salió con un doble).',
    );
    expect(detail('pase_corrido', true)).toContain('los otros tres jugadores');
    expect(detail('tranque_tie', 'void')).toContain('solo cuentan los premios ya ganados');
    expect(detail('tranque_tie', 'void')).not.toContain('Nadie suma puntos');
    expect(detail('capicua', true)).toContain('las dos puntas muestran el mismo número');
    expect(detail('capicua', true)).toContain('un doble nunca es capicúa');
    expect(detail('tranque_lead', 'blocker')).toContain(
      'si no, sale el jugador de la pareja ganadora con menos puntos',
    );
  });
});

describe('staff table input', () => {
  it('merges rules over the defaults and still takes the older top-level fields', () => {
    const out = tableInputSchema.parse({
      name: 'Mesa Nueva',
      entry_price: 10,
      mode: 'individual',
      max_players: 3,
      rules: { capicua: true, target_points: 150 },
    });
    expect(out.rules).toEqual({
      ...DEFAULT_RULES,
      mode: 'individual',
      players: 3,
      capicua: true,
      target_points: 150,
    });
  });

  it('reports a refused option on the field it was sent as', () => {
    const legacy = tableInputSchema.safeParse({ name: 'Mesa', entry_price: 1, max_players: 3 });
    expect(legacy.error?.issues.map((i) => i.path)).toEqual([['max_players']]);
    const rules = tableInputSchema.safeParse({
      name: 'Mesa',
      entry_price: 1,
      rules: { tranque_lead: 'blocker' },
    });
    expect(rules.error?.issues.map((i) => i.path)).toEqual([['tranque_lead']]);
  });
});

describe('editing rules one option at a time', () => {
  it('brings the seats along with the mode and resets options that stop applying', () => {
    const individual = withRule(DEFAULT_RULES, 'mode', 'individual');
    expect(individual).toMatchObject({ mode: 'individual', players: 2 });
    const cuban = withRule(
      withRule(DEFAULT_RULES, 'lead_rule', 'winner'),
      'tranque_lead',
      'blocker',
    );
    expect(cuban.tranque_lead).toBe('blocker');
    expect(withRule(cuban, 'lead_rule', 'rotate').tranque_lead).toBe('lowest_hand');
    expect(withRule({ ...individual, drawing: false }, 'mode', 'parejas')).toMatchObject({
      players: 4,
      drawing: true,
    });
  });

  it('offers only the choices that make valid rules', () => {
    const players = RULE_OPTIONS.find((o) => o.key === 'players')!;
    expect(ruleChoices(players, DEFAULT_RULES).map((c) => c.value)).toEqual([4]);
    const individual = withRule(DEFAULT_RULES, 'mode', 'individual');
    expect(ruleChoices(players, individual).map((c) => c.value)).toEqual([2, 3]);
  });
});
