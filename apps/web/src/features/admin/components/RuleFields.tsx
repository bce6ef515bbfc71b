import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  RULE_OPTIONS,
  ruleApplies,
  ruleChoices,
  withRule,
  type RuleKey,
  type RuleValue,
  type TableRules,
} from '@domino/contracts';

export interface RuleFieldsProps {
  rules: TableRules;
  errors: Partial<Record<string, string>>;
  /** Called with the option changed and the whole rules after the change (kept consistent). */
  onChange(key: RuleKey, rules: TableRules): void;
}

/**
 * One field per rule option that applies to the table, generated from the contracts'
 * RULE_OPTIONS: a select of the choices that make valid rules (with what each means below it), or
 * a number for the turn seconds. A new option appears here without touching this file.
 * Test ids: `admin-rule-{key}`.
 */
export function RuleFields({ rules, errors, onChange }: RuleFieldsProps) {
  const set = (key: RuleKey, value: RuleValue) => onChange(key, withRule(rules, key, value));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="admin-table-rules">
      {RULE_OPTIONS.filter((o) => ruleApplies(o, rules)).map((o) => {
        if (o.kind === 'seconds')
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
              data-testid={`admin-rule-${o.key}`}
            />
          );
        const choices = ruleChoices(o, rules);
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
              const picked = o.choices.find((c) => String(c.value) === v);
              if (picked) set(o.key, picked.value as RuleValue);
            }}
            allowDeselect={false}
            disabled={choices.length <= 1}
            error={errors[o.key]}
            comboboxProps={{ withinPortal: true }}
            data-testid={`admin-rule-${o.key}`}
          />
        );
      })}
    </SimpleGrid>
  );
}
