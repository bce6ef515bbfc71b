import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  RULE_OPTIONS,
  disallowedRule,
  tableRulesSchema,
  type RuleKey,
} from '@domino/contracts';
import { allowedRuleChoices, rulesWithin } from './rule-limits';

const option = (key: RuleKey) => RULE_OPTIONS.find((o) => o.key === key)!;

describe('rules within the staff limits of private tables', () => {
  it('offers every valid choice when staff limit nothing', () => {
    const modes = allowedRuleChoices(option('mode'), DEFAULT_RULES, {});
    expect(modes.map((c) => c.value)).toEqual(['parejas', 'individual']);
    expect(rulesWithin({}, DEFAULT_RULES)).toEqual(DEFAULT_RULES);
  });

  it('offers only the allowed values, and only those that make valid rules', () => {
    const allowed = { target_points: [100, 150], players: [2, 3] };
    expect(
      allowedRuleChoices(option('target_points'), DEFAULT_RULES, allowed).map((c) => c.value),
    ).toEqual([100, 150]);
    const individual = { ...DEFAULT_RULES, mode: 'individual' as const, players: 2 as const };
    expect(allowedRuleChoices(option('players'), individual, allowed).map((c) => c.value)).toEqual([
      2, 3,
    ]);
  });

  it('turns allowed turn seconds into a list of choices', () => {
    const choices = allowedRuleChoices(option('turn_seconds'), DEFAULT_RULES, {
      turn_seconds: [30, 15],
    });
    expect(choices.map((c) => [c.value, c.label])).toEqual([
      [15, '15 segundos'],
      [30, '30 segundos'],
    ]);
  });

  it('starts from rules the server accepts: each refused default replaced by an allowed value', () => {
    const allowed = { mode: ['individual'], target_points: [200], turn_seconds: [30] };
    const rules = rulesWithin(allowed, DEFAULT_RULES);
    expect(rules).toMatchObject({
      mode: 'individual',
      players: 2,
      target_points: 200,
      turn_seconds: 30,
    });
    expect(tableRulesSchema.safeParse(rules).success).toBe(true);
    expect(disallowedRule(rules, allowed)).toBeNull();
  });

  it('never offers an empty list: the current choice stays when nothing allowed fits', () => {
    // Only 4 players allowed but the table is individual: nothing valid fits.
    const individual = { ...DEFAULT_RULES, mode: 'individual' as const, players: 2 as const };
    const choices = allowedRuleChoices(option('players'), individual, { players: [4] });
    expect(choices.map((c) => c.value)).toEqual([2]);
  });
});
