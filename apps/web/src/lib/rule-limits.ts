import {
  RULE_OPTIONS,
  ruleApplies,
  ruleChoices,
  tableRulesSchema,
  withRule,
  type AllowedRules,
  type RuleChoice,
  type RuleOption,
  type RuleValue,
  type TableRules,
} from '@domino/contracts';

/**
 * Rules within limits (private tables, docs/decisions/021-private-tables.md): staff list, per rule
 * option, the values a host may pick (`allowed_rules` of GET /api/private-tables/options; an
 * absent key allows every value). These pure helpers narrow the generated rule fields
 * (components/RuleFields) to those values and pick starting rules that respect them, with the
 * same consistency the staff form has (contracts' withRule / ruleChoices). The server checks again
 * (contracts' disallowedRule) and refuses in Spanish.
 */

/** Whether `value` is allowed for `option` (no list = every value). */
function isAllowed(option: RuleOption, value: unknown, allowed: AllowedRules | undefined): boolean {
  const list = allowed?.[option.key];
  return !list || list.includes(value as string | number | boolean);
}

/**
 * The choices of `option` a form offers from `rules`: those that keep the rules valid
 * (ruleChoices) and that staff allow. A `seconds` option with an allowed list becomes a choice of
 * those seconds (labels 'N segundos'). Never empty: when nothing allowed fits, the current choice
 * alone is offered (the server then says which option is refused).
 */
export function allowedRuleChoices(
  option: RuleOption,
  rules: TableRules,
  allowed: AllowedRules | undefined,
): RuleChoice[] {
  const current = rules[option.key];
  if (option.kind === 'seconds') {
    const list = allowed?.[option.key];
    const seconds = (list ?? [current])
      .filter((v): v is number => typeof v === 'number')
      .sort((a, b) => a - b);
    if (seconds.length === 0) seconds.push(current as number);
    return seconds.map((n) => ({
      value: n,
      label: `${n} segundos`,
      detail: 'Si se acaba, la CPU juega ese turno por ti.',
    }));
  }
  const choices = ruleChoices(option, rules).filter((c) => isAllowed(option, c.value, allowed));
  if (choices.length > 0) return choices;
  return option.choices.filter((c) => c.value === current);
}

/**
 * Starting rules that respect `allowed`: `base` (the defaults unless told), then, option by
 * option in display order, a value staff do not allow is replaced by the first allowed one that
 * keeps the rules valid (a mode change brings its seats along, as in the form).
 */
export function rulesWithin(allowed: AllowedRules, base: TableRules): TableRules {
  let rules = base;
  for (const o of RULE_OPTIONS) {
    if (!ruleApplies(o, rules) || isAllowed(o, rules[o.key], allowed)) continue;
    for (const v of allowed[o.key] ?? []) {
      const next = withRule(rules, o.key, v as RuleValue);
      if (next[o.key] === v && tableRulesSchema.safeParse(next).success) {
        rules = next;
        break;
      }
    }
  }
  return rules;
}
