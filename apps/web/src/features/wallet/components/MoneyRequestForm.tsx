import { useEffect, type ReactNode } from 'react';
import { Alert, Badge, Card, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatBs } from '@domino/contracts';
import { parseAmountInput } from '../lib/amount';
import { useBcvRate, usdApprox } from '../../../lib/bcv';

/**
 * The parts the recharge and withdrawal request forms (/recharge, /withdraw) share: the form card
 * with its heading, the amount in bolívares, the error alert, the sent notice and the return to the
 * dashboard once a request is sent.
 */

/** The card of a request form, labelled by its heading (`titleId`), with an optional step badge. */
export function MoneyFormCard({
  titleId,
  icon,
  title,
  badge,
  children,
}: {
  titleId: string;
  icon: ReactNode;
  title: string;
  badge?: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="gold" size="lg" radius="md">
            {icon}
          </ThemeIcon>
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
        </Group>
        {badge && (
          <Badge color="felt" variant="light" style={{ flexShrink: 0 }}>
            {badge}
          </Badge>
        )}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The amount field, typed as in Venezuela ("1.234,56"; lib/amount.ts parses it). Its hint shows
 * the parsed amount once valid (`preview`: "Monto a recargar"), and `hint` otherwise.
 */
export function AmountField({
  label,
  preview,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  preview: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
}) {
  const cents = parseAmountInput(value);
  // The amount in dollars too, as the menu shows the balance (decision 050).
  const { data: bcv } = useBcvRate();
  const usd = cents !== null ? usdApprox(cents / 100, bcv?.rate) : null;
  return (
    <TextInput
      label={label}
      name="amount"
      placeholder="0,00"
      inputMode="decimal"
      autoComplete="off"
      leftSection={
        <Text fz="sm" c="dimmed" fw={600}>
          Bs.
        </Text>
      }
      description={
        cents !== null && error === undefined
          ? `${preview}: ${formatBs(cents)}${usd ? ` (${usd.amount})` : ''}`
          : hint
      }
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      data-testid={testId}
    />
  );
}

/** The form-level error (a refusal that is not about one field), when there is one. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

/** What replaces the form once the request is sent: the message, then the return notice. */
export function SentNotice({
  message,
  testId,
  children,
}: {
  message: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      role="status"
      data-testid={testId}
    >
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {message}
        </Text>
        {children}
        <Group gap={6} c="dimmed">
          <IconClockHour4 size={14} aria-hidden />
          <Text fz="xs">Te llevamos a la lista de juegos…</Text>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Once `sent`, goes back to /dashboard after `delayMs` (LIMITS.*RedirectMs; docs/product.md §4). */
export function useDashboardAfterSent(sent: boolean, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!sent) return;
    const id = window.setTimeout(() => navigate('/dashboard', { replace: true }), delayMs);
    return () => window.clearTimeout(id);
  }, [sent, delayMs, navigate]);
}
