import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
} from 'obscenity';

/**
 * Words a username may not contain (decision 040). The matching is the `obscenity` library's
 * (leet-speak, repeated letters and confusable characters resolved: "m1erd4", "puuuta"), over its
 * English dataset plus the Spanish and Venezuelan words below, which no maintained package lists
 * well (the Spanish lists we checked were machine translations of English ones).
 *
 * Spanish words and names that contain an English term are whitelisted, or the English list would
 * refuse "analista", "Cumaná" or "Kike" (Enrique).
 */

/** Spanish (Venezuelan first) insults and obscenities; `|` marks a word boundary. */
const SPANISH = [
  'mamaguevo',
  'mamahuevo',
  'mamaguebo',
  'guevon',
  'huevon',
  'guebon',
  'webon',
  'marico',
  'marica',
  'maricon',
  'mariquito',
  'verga',
  'vergazo',
  'coño',
  'cono de tu madre',
  'coñoetumadre',
  'conchetumadre',
  'puta',
  'puto',
  'putica',
  'hijodeputa',
  'hijueputa',
  'malparido',
  'pendejo',
  'pendeja',
  'cabron',
  'cabrona',
  'mierda',
  'culo',
  'culito',
  'cuca',
  'cuquita',
  'chucha',
  'chupapinga',
  'pinga',
  'polla',
  'follar',
  'gilipollas',
  'mamada',
  'pajuo',
  'pajua',
  'singar',
  'singao',
  'zorra',
  'perra',
  'nazi',
  'hitler',
];

/** Spanish words and names that contain an English term of the dataset. */
const SPANISH_WHITELIST = [
  'analisis',
  'analista',
  'anales',
  'canal',
  'cumana',
  'cumanagoto',
  'cumaco',
  'cumple',
  'cumpleanos',
  'cumbia',
  'cumbre',
  'acumula',
  'documento',
  'dickson',
  'fagundes',
  'rapero',
  'raperos',
  'kike',
  'escuela',
  'cucaracha',
  'cucaracho',
  'disputa',
  'computadora',
  'reputacion',
  'diputado',
  'imputado',
  'culebra',
  'culminar',
  'pinguino',
  'perrazo',
];

// Accents are removed before matching ("maricón" = "maricon"); the Spanish entries are
// written without them except ñ, which a confusable-resolver maps to n.
const spanish = new DataSet<{ originalWord: string }>();
for (const word of SPANISH) {
  const plain = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  spanish.addPhrase((phrase) =>
    phrase.setMetadata({ originalWord: word }).addPattern(pattern`${plain.replace(/ /g, '')}`),
  );
}

const english = englishDataset.build();
const matcher = new RegExpMatcher({
  blacklistedTerms: [
    ...english.blacklistedTerms,
    ...spanish.build().blacklistedTerms.map((t, i) => ({ ...t, id: 100_000 + i })),
  ],
  whitelistedTerms: [...(english.whitelistedTerms ?? []), ...SPANISH_WHITELIST],
  ...englishRecommendedTransformers,
});

/**
 * Whether a username contains an offensive word (accents, separators and case ignored). Pure;
 * the matcher is built once at module load.
 */
export function isOffensiveUsername(username: string): boolean {
  const plain = username
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return matcher.hasMatch(plain) || matcher.hasMatch(plain.replace(/[_.-]/g, ''));
}
