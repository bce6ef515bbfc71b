import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { describeRules, ruleChips, type TableRules } from '@domino/contracts';

/**
 * A table's rules for players (docs/rules.md), both generated from the contracts' RULE_OPTIONS:
 * `RuleChips` = the short chips of a table card; `RulesList` = every option that applies, with
 * what it means in points (waiting room, "Reglas de la mesa" on the game screen, history).
 */

/** Short chips: mode, target, and each option off the common defaults. Test id `{testId}`. */
export function RuleChips({ rules, testId }: { rules: TableRules; testId?: string }) {
  return (
    <Group gap={4} data-testid={testId}>
      {ruleChips(rules).map((chip) => (
        <Badge key={chip} size="sm" variant="light" color="felt" radius="sm" tt="none">
          {chip}
        </Badge>
      ))}
    </Group>
  );
}

/** The full list: label, the table's choice, and what it means. Test id `{testId}`. */
export function RulesList({ rules, testId }: { rules: TableRules; testId?: string }) {
  return (
    <Table
      verticalSpacing={6}
      horizontalSpacing="xs"
      fz="sm"
      data-testid={testId}
      aria-label="Reglas de la mesa"
    >
      <Table.Tbody>
        {describeRules(rules).map((line) => (
          <Table.Tr key={line.key} data-rule={line.key}>
            <Table.Th scope="row" w="40%" style={{ verticalAlign: 'top' }}>
              <Text fz="sm" fw={600}>
                {line.label}
              </Text>
            </Table.Th>
            <Table.Td>
              <Stack gap={0}>
                <Text fz="sm" fw={600}>
                  {line.value}
                </Text>
                <Text fz="xs" c="dimmed">
                  {line.detail}
                </Text>
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
