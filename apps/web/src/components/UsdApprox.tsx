import { Text, type MantineSpacing } from '@mantine/core';
import { useBcvRate, usdApprox } from '../lib/bcv';

/**
 * "≈ US$ 12,34" over "Tasa BCV del 25/11/2026" for a balance in bolívares (decision 034). Renders
 * nothing while the rate loads, when none is recorded, or when the call fails: the Bs. figure
 * beside it is the authoritative one. Used by the navbar's menu and the profile's balance tile.
 */
export function UsdApprox({
  balance,
  c = 'dimmed',
  testId = 'usd-approx',
  px,
  pb,
}: {
  /** Bolívares (the API's JSON number). */
  balance: number;
  c?: string;
  testId?: string;
  px?: MantineSpacing;
  pb?: MantineSpacing;
}) {
  const { data } = useBcvRate();
  const approx = usdApprox(balance, data?.rate);
  if (!approx) return null;
  return (
    <Text
      component="span"
      fz="xs"
      c={c}
      px={px}
      pb={pb}
      data-testid={testId}
      style={{ display: 'block' }}
    >
      <Text component="span" fw={600} fz="xs" c="inherit" style={{ display: 'block' }}>
        {approx.amount}
      </Text>
      <Text component="span" fz="xs" c="inherit" style={{ display: 'block' }}>
        {approx.source}
      </Text>
    </Text>
  );
}
