import { Group, Progress, Text } from '@mantine/core';
import { passwordScore, strengthLabel } from '@domino/contracts';

/** Bar colour for a strength score (docs/product.md §5 thresholds). */
export function strengthColor(score: number): string {
  if (score <= 20) return 'red';
  if (score <= 40) return 'orange';
  if (score <= 60) return 'yellow';
  if (score <= 80) return 'teal';
  return 'green';
}

/** The password strength meter (docs/product.md §5 scoring and labels), shared by /register, /reset-password and the profile password change. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordScore(password);
  const label = strengthLabel(score);
  return (
    <div>
      <Progress
        value={score}
        color={strengthColor(score)}
        size="sm"
        radius="xl"
        aria-label="Seguridad de la contraseña"
        transitionDuration={150}
      />
      <Group justify="space-between" mt={4}>
        <Text fz="xs" c="dimmed">
          Seguridad de la contraseña
        </Text>
        <Text
          fz="xs"
          fw={600}
          c={password ? `${strengthColor(score)}.8` : 'dimmed'}
          aria-live="polite"
        >
          {password ? label : '—'}
        </Text>
      </Group>
    </div>
  );
}
