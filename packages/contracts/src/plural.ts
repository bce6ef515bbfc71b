/**
 * Counts in words, the one way every screen and message says them (docs/decisions/050-one-vocabulary.md):
 * "1 jugada", "2 jugadas", "0 jugadas", "1.500 jugadores". The grammatical number comes from
 * `Intl.PluralRules('es')` (Spanish has two forms: `one` for exactly 1, `other` for the rest,
 * 0 included), the figure from `Intl.NumberFormat('es-VE')` (thousands with a dot).
 */

const rules = new Intl.PluralRules('es');
const figures = new Intl.NumberFormat('es-VE', { maximumFractionDigits: 2 });

/** The word for `n`: `one` when Spanish says it in the singular (n = 1), `many` otherwise. */
export function pluralWord(n: number, one: string, many: string): string {
  return rules.select(n) === 'one' ? one : many;
}

/**
 * The count and its word: `plural(1, 'ficha', 'fichas')` = "1 ficha", `plural(0, …)` = "0 fichas",
 * `plural(1500, 'jugador', 'jugadores')` = "1.500 jugadores". Adjectives that agree go in the
 * words: `plural(n, 'jugador inscrito', 'jugadores inscritos')`.
 */
export function plural(n: number, one: string, many: string): string {
  return `${figures.format(n)} ${pluralWord(n, one, many)}`;
}
