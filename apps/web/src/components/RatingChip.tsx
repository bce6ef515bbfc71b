import { Badge, Text, Tooltip } from '@mantine/core';
import type { PlayerRating, RatingChange } from '@domino/contracts';
import { deltaColor, formatRatingDelta, ratingLabel, ratingTitle } from '../lib/ratings';

/**
 * A seat's rating as a small chip, 'Nivel 1532' (decision 026; the word is the glossary's,
 * decision 050), outlined while provisional, with what the number means and why a provisional one
 * moves a lot in its tooltip (tap, hover or focus) and accessible name. `tone="dark"` for the green felt of the
 * waiting room and the game table. Renders nothing without a rating (a CPU or empty seat).
 */
export function RatingChip({
  rating,
  testId,
  size = 'xs',
  tone = 'light',
}: {
  rating: PlayerRating | null | undefined;
  testId?: string;
  size?: 'xs' | 'sm';
  tone?: 'light' | 'dark';
}) {
  if (!rating) return null;
  const title = ratingTitle(rating);
  const dark = tone === 'dark';
  return (
    <Tooltip label={title} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        size={size}
        radius="sm"
        variant={rating.provisional ? 'outline' : dark ? 'filled' : 'light'}
        color={rating.provisional ? (dark ? 'gray.3' : 'gray') : 'gold'}
        c={!rating.provisional && dark ? 'dark.9' : undefined}
        aria-label={title}
        data-testid={testId}
        tabIndex={0}
        style={{ flexShrink: 0, textTransform: 'none', fontVariantNumeric: 'tabular-nums' }}
      >
        {ratingLabel(rating)}
      </Badge>
    </Tooltip>
  );
}

/**
 * A match's change of level in Mis Partidas: '+12' green, '−8' red, '±0' grey, with the level
 * after ('→ 1512') when `withAfter`. A dash for an unrated match (practice never shows here; private
 * tables do).
 */
export function RatingDelta({
  change,
  withAfter = false,
  withStar = false,
}: {
  change: RatingChange | null | undefined;
  withAfter?: boolean;
  /** Prefix 'Nivel' where no column header says what the number is. */
  withStar?: boolean;
}) {
  if (!change)
    return (
      <Text fz="sm" c="dimmed" span aria-label="Sin cambio de nivel" data-testid="history-rating">
        —
      </Text>
    );
  return (
    <Text
      fz="sm"
      span
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="history-rating"
      aria-label={`Nivel ${formatRatingDelta(change.delta)}, ahora ${change.after}`}
    >
      {withStar && (
        <Text span c="dimmed" inherit aria-hidden>
          Nivel{' '}
        </Text>
      )}
      <Text span fw={700} c={deltaColor(change.delta)} inherit>
        {formatRatingDelta(change.delta)}
      </Text>
      {withAfter && (
        <Text span c="dimmed" inherit>
          {' '}
          → {change.after}
        </Text>
      )}
    </Text>
  );
}
