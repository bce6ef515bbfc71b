/**
 * A player's name as other players and visitors see it wherever the platform shows a ranking or
 * a winner (the landing, the pot modal, /pote, past months' winners): the first name and the
 * initial of the last word that has a letter ('María Gabriela González' -> 'María G.'). Only that
 * much of a player's identity is public (privacy policy §3, /privacy#publico). Empty or
 * letterless names read 'Jugador'; the first name is cut at 20 characters. Pure.
 */
export function publicName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first || !/\p{L}/u.test(first)) return 'Jugador';
  const shownFirst = [...first].slice(0, 20).join('');
  const last = words
    .slice(1)
    .reverse()
    .find((w) => /\p{L}/u.test(w));
  const initial = last ? [...last].find((c) => /\p{L}/u.test(c)) : undefined;
  return initial ? `${shownFirst} ${initial.toLocaleUpperCase('es-VE')}.` : shownFirst;
}
