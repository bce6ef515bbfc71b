/**
 * Is a message a client may read Spanish (es-VE)? Used by the route walker (openapi-walker.test.ts)
 * to prove that every message a client can receive is Spanish (decision 014).
 *
 * A message passes when, after removing client data quoted «like this»:
 * - it is not empty and has at least one letter;
 * - it is written in the Latin script (es-VE), digits, punctuation and symbols only;
 * - it contains no English word from the vocabularies our stack answers with (zod: "Invalid input:
 *   expected object, received array", "Too small"; Fastify: "Body cannot be empty when
 *   content-type is set", "Route GET:/x not found"; @fastify/multipart and busboy: "reach files
 *   limit", "Unexpected end of form"; Node: "Client Error", "Service Unavailable");
 * - it has a Spanish marker: an accented letter, ñ, ¿ or ¡, a common Spanish word, or a Spanish
 *   participle, gerund or adverb ending ("Perfil actualizado", "Cargando juegos...").
 * The English list avoids words that are also Spanish ("error", "no", "a", "has", "media").
 */

const ENGLISH_WORDS = new Set(
  (
    'the is are was were be been being of to and or not must should would expected received ' +
    'invalid valid input required too small big large value values type types field fields ' +
    'object array string number boolean nan undefined null request requests body payload ' +
    'content length limit limits reach reached file files parts part unexpected internal ' +
    'server service unavailable found bad unsupported please at least most than greater less ' +
    'characters character bytes cannot can could failed missing malformed header headers ' +
    'boundary end form property forbidden prototype unauthorized unknown key keys option ' +
    'options one when set empty match matches pattern schema route method allowed exceeds ' +
    'exceeded maximum minimum client timeout many have does it this that with without from ' +
    'for in on an by into only non exist exists already taken try again later wrong instance ' +
    'instanceof enum literal union tuple record expected_type got you your'
  ).split(/\s+/),
);

const SPANISH_WORDS = new Set(
  (
    'el la los las de del un una unos unas es son en por para que con debe deben ser este esta ' +
    'estos estas ese esa su sus tu tus al se o y no ya más solo lo le nos cuenta archivo campo ' +
    'valor solicitud sistema'
  ).split(/\s+/),
);

/** Spanish participles, gerunds and adverbs ("actualizado", "cargando", "correctamente"). */
const SPANISH_ENDING = /(?:ados?|adas?|idos?|idas?|ando|iendo|mente)$/;

/** Client data quoted by our messages («abc») is data, not language. */
const QUOTED = /«[^»]*»/g;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\p{Zs}\n]*$/u;

/** The reason a message is not Spanish, or null when it is. */
export function notSpanishReason(message: unknown): string | null {
  if (typeof message !== 'string') return 'not a string';
  const text = message.replace(QUOTED, ' ').trim();
  if (!/\p{L}/u.test(text)) return 'empty';
  if (!LATIN_ONLY.test(text)) return 'non-Latin characters';
  const words = (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length > 0);
  const english = words.filter((w) => ENGLISH_WORDS.has(w));
  if (english.length > 0) return `English words: ${english.join(', ')}`;
  const marked =
    /[áéíóúüñ¿¡]/i.test(text) || words.some((w) => SPANISH_WORDS.has(w) || SPANISH_ENDING.test(w));
  return marked ? null : 'no Spanish word';
}

/** Whether a message reads as Spanish (see notSpanishReason). */
export function isSpanish(message: unknown): boolean {
  return notSpanishReason(message) === null;
}
