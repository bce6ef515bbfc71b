/**
 * Our own additions to the Spanish dictionary of bad-words-next (docs/decisions/023-table-talk.md):
 * Venezuelan vulgarities and insults its `es` list lacks. Format of bad-words-next: `*` any
 * characters at the start or end of a word, `+` one or more of the previous letter, `_` a pseudo
 * space ('', '.', '-', ';', '|'). Keep entries whole words or clear stems, so that ordinary words
 * are not masked (`cul*` would hide "culpa"); add a case to filter.test.ts with every change.
 *
 * `TALK_PROFANITY_EXCLUSIONS` are words of the library's list that are ordinary in Venezuela
 * ("concha": a shell or a fruit's skin).
 */
export const VENEZUELAN_PROFANITY = {
  id: 'es_ve',
  words: [
    'mamag+uevo*',
    'mamag+üevo*',
    'mamah+uevo*',
    'mamaguebo*',
    'marico',
    'maricos',
    'maric+on*',
    'maric+ón*',
    'maricones',
    'g+uevon*',
    'g+üevon*',
    'g+üevón*',
    'g+uevón*',
    'huevon*',
    'huevón*',
    'webon*',
    'gueva',
    'guevo',
    'cuca',
    'culo',
    'culos',
    'culón',
    'culon',
    'coño*',
    'cono_e_madre',
    'coñoetumadre',
    'coñoemadre',
    'pajuo*',
    'pajúo*',
    'pajuda*',
    'jalabola*',
    'malparid*',
    'hijueputa*',
    'jueputa*',
    'puto',
    'putos',
    'putas',
    'putica*',
    'perra',
    'perras',
    'zorra',
    'zorras',
    'carajo',
    'idiota*',
    'estupid*',
    'estúpid*',
    'pendej*',
    'verga*',
    'vergacion',
    'vergación',
    'mierd*',
    'chupamedia*',
  ],
  lookalike: {
    '0': 'o',
    '1': 'i',
    '3': 'e',
    '4': 'a',
    '5': 's',
    '7': 't',
    '8': 'b',
    $: 's',
    '@': 'a',
    '!': 'i',
  },
} as const;

/** Words of the library's Spanish list that are ordinary Venezuelan words. */
export const TALK_PROFANITY_EXCLUSIONS = ['concha', 'conchas'];
