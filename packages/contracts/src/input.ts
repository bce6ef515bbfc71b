import { z } from 'zod';
import { MSG } from './messages';
import { pluralWord } from './plural';

/**
 * Input hygiene shared by server and web (decision 014): the Spanish messages of
 * refusals that are not about one form field, the canonical id and page schemas of every route,
 * the character check the server applies to every input, and zod's Spanish (es-VE) error map,
 * installed once when this module loads so no zod default ("Invalid input", "Too small",
 * "received NaN") can reach a user or an API client. Schemas that word their own message (the
 * docs/product.md §5 wording) keep it: the map only fills in where a schema gives none.
 */

/** Spanish messages of input refusals (decision 014). Codes are in ERROR_CODES / INPUT_CODES. */
export const MSG_INPUT = {
  invalidCharacters:
    'La solicitud contiene caracteres no permitidos (un carácter nulo o un carácter Unicode incompleto).',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  emptyJsonBody: 'La solicitud indica un cuerpo JSON pero llegó vacío.',
  forbiddenJsonKey: 'El cuerpo de la solicitud contiene un nombre de campo no permitido.',
  unsupportedMediaType:
    'El tipo de contenido de la solicitud no es compatible. Envía JSON o un formulario multipart.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  badContentLength: 'La longitud declarada de la solicitud no coincide con su contenido.',
  badUrl: 'La dirección de la solicitud no es válida.',
  uriTooLong: 'La dirección de la solicitud es demasiado larga.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  requestTimeout: 'La solicitud tardó demasiado en llegar. Intenta de nuevo.',
  badRequest: 'La solicitud no es válida.',
  serviceUnavailable:
    'El servicio se está reiniciando. Por favor, intenta de nuevo en unos segundos.',
  serverNoAnswer:
    'El servidor no respondió a tiempo. Por favor, intenta de nuevo en unos segundos.',
  multipartMalformed: 'El formulario enviado está dañado o incompleto. Intenta enviarlo de nuevo.',
  multipartTooManyParts: 'El formulario tiene demasiados campos.',
  fileOnlyOne: 'Envía un solo archivo.',
  fileEmpty: 'El archivo está vacío. Selecciona otra imagen.',
  imageTooManyPixels:
    'La imagen tiene demasiados píxeles: como máximo 40 megapíxeles (por ejemplo, 8.000 × 5.000).',
  imageMissing: 'Selecciona una imagen.',
  fileWrongField: 'Este campo no admite archivos.',
  fieldTooLong: 'El valor de este campo es demasiado largo.',
  // zod's error map (used only where a schema does not word its own message)
  required: 'Este campo es obligatorio',
  invalidValue: 'El valor no es válido',
  expectedText: 'Debe ser un texto',
  expectedNumber: 'Debe ser un número',
  expectedInteger: 'Debe ser un número entero',
  expectedBoolean: 'Debe ser verdadero o falso',
  expectedObject: 'Debe ser un objeto con sus campos',
  expectedList: 'Debe ser una lista',
  expectedDate: 'Debe ser una fecha válida',
  invalidFormat: 'El formato no es válido',
} as const;

/** Namespaced codes of input refusals (ours, never a framework's: decision 014). */
export const INPUT_CODES = {
  invalidCharacters: 'input/invalid_characters',
  invalidJson: 'http/invalid_json',
  emptyJsonBody: 'http/empty_body',
  forbiddenJsonKey: 'http/forbidden_key',
  unsupportedMediaType: 'http/unsupported_media_type',
  payloadTooLarge: 'http/payload_too_large',
  badContentLength: 'http/bad_content_length',
  badUrl: 'http/bad_url',
  uriTooLong: 'http/uri_too_long',
  headersTooLarge: 'http/headers_too_large',
  requestTimeout: 'http/request_timeout',
  badRequest: 'http/bad_request',
  notFound: 'http/not_found',
  serviceUnavailable: 'server/unavailable',
  serverNoAnswer: 'server/no_answer',
  multipartMalformed: 'upload/malformed',
  multipartTooManyParts: 'upload/too_many_parts',
  fileOnlyOne: 'upload/one_file_only',
  fileTooLarge: 'upload/file_too_large',
  fileEmpty: 'upload/empty_file',
  fileWrongField: 'upload/unexpected_file',
  fieldTooLong: 'upload/field_too_long',
} as const;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string holds a character no input may carry: NUL (`\u0000`, which PostgreSQL text and
 * jsonb refuse) or a lone UTF-16 surrogate (not well-formed Unicode; jsonb refuses its escape).
 */
export function hasForbiddenCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * A canonical decimal id in a path (decision 014): `^[1-9][0-9]*$` and a safe integer, so `0x10`,
 * ` 1`, `1e3`, `01`, `-1`, `1.5` and a 30-digit number never reach a record. Routes answer a
 * params failure with 404 (apps/server/src/lib/http-errors.ts).
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, MSG.notFound)
  .transform(Number)
  .refine(Number.isSafeInteger, MSG.notFound);

/** A game id in a path: a canonical (lower-case) UUID, as the server creates them. */
export const uuidParam = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, MSG.notFound);

/**
 * A strict `page` query value: absent (page 1) or canonical decimal 1..max. `page=0x10`,
 * `page= 2`, `page=1e3` or `page=02` are refused instead of read as 16, 2, 1000 or 2.
 */
export function pageQuery(max = 100_000) {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, MSG_INPUT.expectedInteger)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .optional()
    .transform((n) => n ?? 1);
}

// Built at its first use: an Intl constructor costs milliseconds on a phone, and this module is
// loaded by every page (docs/decisions/036-first-load.md).
let numberFormat: Intl.NumberFormat | undefined;
const fmt = (n: number | bigint): string =>
  (numberFormat ??= new Intl.NumberFormat('es-VE')).format(n);
/** Client-sent names (unknown keys, enum values) are quoted so they read as data, not language. */
const quote = (v: unknown): string => `«${String(v).slice(0, 40)}»`;

const EXPECTED: Record<string, string> = {
  string: MSG_INPUT.expectedText,
  number: MSG_INPUT.expectedNumber,
  int: MSG_INPUT.expectedInteger,
  bigint: MSG_INPUT.expectedInteger,
  boolean: MSG_INPUT.expectedBoolean,
  object: MSG_INPUT.expectedObject,
  record: MSG_INPUT.expectedObject,
  array: MSG_INPUT.expectedList,
  tuple: MSG_INPUT.expectedList,
  set: MSG_INPUT.expectedList,
  date: MSG_INPUT.expectedDate,
};

/**
 * zod's error map in Spanish (es-VE), written for players rather than programmers: no type jargon
 * ("received NaN"), no regular expressions, numbers in es-VE format. zod 4 ships a Spanish locale
 * (`z.locales.es()`), but its wording is technical ("Entrada inválida: se esperaba número,
 * recibido NaN", "debe coincidir con el patrón /^\d+$/"), so we word our own (decision 014).
 */
export const spanishErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MSG_INPUT.required;
      return EXPECTED[issue.expected] ?? MSG_INPUT.invalidValue;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? MSG_INPUT.required : `Debe tener al menos ${fmt(min)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Debe tener al menos ${fmt(min)} ${pluralWord(Number(min), 'elemento', 'elementos')}`;
      if (issue.origin === 'file') return MSG_INPUT.fileEmpty;
      return issue.inclusive
        ? `Debe ser como mínimo ${fmt(min)}`
        : `Debe ser mayor que ${fmt(min)}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Debe tener como máximo ${fmt(max)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Debe tener como máximo ${fmt(max)} elementos`;
      if (issue.origin === 'file') return MSG_INPUT.payloadTooLarge;
      return issue.inclusive
        ? `Debe ser como máximo ${fmt(max)}`
        : `Debe ser menor que ${fmt(max)}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? MSG.emailInvalid : MSG_INPUT.invalidFormat;
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${fmt(Number(issue.divisor))}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Campo no permitido: ${quote(issue.keys[0])}`
        : `Campos no permitidos: ${issue.keys.slice(0, 5).map(quote).join(', ')}`;
    case 'invalid_union': {
      // The first alternative's reason reads best ("Debe ser uno de estos valores: ...").
      const first = (issue as { errors?: { message?: string }[][] }).errors?.[0]?.[0]?.message;
      return first ?? MSG_INPUT.invalidValue;
    }
    case 'invalid_value':
      if (issue.values.length === 1) return `Debe ser ${quote(issue.values[0])}`;
      return `Debe ser uno de estos valores: ${issue.values.slice(0, 12).map(quote).join(', ')}`;
    default:
      return MSG_INPUT.invalidValue;
  }
};

z.config({ localeError: spanishErrorMap });
