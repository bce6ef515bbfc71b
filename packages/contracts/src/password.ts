/**
 * Password strength scoring (docs/product.md §5): +20 for length over 6, +10 for length over 10,
 * +20 uppercase, +20 digit, +20 symbol. Labels: Muy débil (<=20), Débil (<=40),
 * Moderada (<=60), Fuerte (<=80), Muy fuerte above. Registration requires a score >= 40.
 */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length > 6) score += 20;
  if (password.length > 10) score += 10;
  if (/[A-Z]/.test(password)) score += 20;
  if (/\d/.test(password)) score += 20;
  if (/[^A-Za-z0-9]/.test(password)) score += 20;
  return score;
}

export type StrengthLabel = 'Muy débil' | 'Débil' | 'Moderada' | 'Fuerte' | 'Muy fuerte';

/** The docs/product.md §5 label for a strength score. */
export function strengthLabel(score: number): StrengthLabel {
  if (score <= 20) return 'Muy débil';
  if (score <= 40) return 'Débil';
  if (score <= 60) return 'Moderada';
  if (score <= 80) return 'Fuerte';
  return 'Muy fuerte';
}
