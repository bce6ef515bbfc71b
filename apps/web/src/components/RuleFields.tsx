import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  RULE_OPTIONS,
  ruleApplies,
  type AllowedRules,
  type RuleKey,
  type RuleValue,
  type TableRules,
  withRule,
} from '@domino/contracts';
import { allowedRuleChoices } from '../lib/rule-limits';

export interface RuleFieldsProps {
  rules: TableRules;
  errors: Partial<Record<string, string>>;
  /** Called with the option changed and the whole rules after the change (kept consistent). */
  onChange(key: RuleKey, rules: TableRules): void;
  /**
   * What may be picked per option (private tables: the staff's allowed values); an absent key,
   * or no `allowed` at all, offers every valid choice. Allowed turn seconds become a select.
   */
  allowed?: AllowedRules;
  /** Test id prefix of each field: `{prefix}-{key}` (default `admin-rule`). */
  testIdPrefix?: string;
  /** Test id of the grid (default `admin-table-rules`). */
  testId?: string;
}

/**
 * One field per rule option that applies to the table, generated from the contracts'
 * RULE_OPTIONS: a select of the choices that make valid rules (with what each means below it), or
 * a number for the turn seconds. A new option appears here without touching this file. Used by
 * the staff table form and by players creating a private table (`allowed` narrows the choices).
 */
export function RuleFields({
  rules,
  errors,
  onChange,
  allowed,
  testIdPrefix = 'admin-rule',
  testId = 'admin-table-rules',
}: RuleFieldsProps) {
  const set = (key: RuleKey, value: RuleValue) => onChange(key, withRule(rules, key, value));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid={testId}>
      {RULE_OPTIONS.filter((o) => ruleApplies(o, rules)).map((o) => {
        const limited = allowed?.[o.key];
        if (o.kind === 'seconds' && !limited)
          return (
            <NumberInput
              key={o.key}
              size="sm"
              label={o.label}
              description={`Segundos, entre ${o.min} y ${o.max}`}
              min={o.min}
              max={o.max}
              allowDecimal={false}
              value={rules[o.key] as number}
              onChange={(v) => set(o.key, typeof v === 'number' ? v : Number(v) || 0)}
              error={errors[o.key]}
              data-testid={`${testIdPrefix}-${o.key}`}
            />
          );
        const choices = allowedRuleChoices(o, rules, allowed);
        const current = o.choices.find((c) => c.value === rules[o.key]);
        return (
          <Select
            key={o.key}
            size="sm"
            label={o.label}
            description={current?.detail}
            data={choices.map((c) => ({ value: String(c.value), label: c.label }))}
            value={String(rules[o.key])}
            onChange={(v) => {
              const picked = choices.find((c) => String(c.value) === v);
              if (picked) set(o.key, picked.value as RuleValue);
            }}
            allowDeselect={false}
            disabled={choices.length <= 1}
            error={errors[o.key]}
            comboboxProps={{ withinPortal: true }}
            data-testid={`${testIdPrefix}-${o.key}`}
          />
        );
      })}
    </SimpleGrid>
  );
}
