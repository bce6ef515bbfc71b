import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { z } from 'zod';
import {
  INPUT_CODES,
  LIMITS,
  MSG_INPUT,
  MSG_PAYMENTS,
  MSG_UPLOADS,
  type UploadKind,
} from '@domino/contracts';
import { AppError } from './errors';

/**
 * Multipart forms, read in one place for every route (decision 014).
 *
 * The input guard (lib/input-guard.ts) reads a multipart body before validation and replaces
 * `request.body` with `{ field: string | UploadedFile | (string | UploadedFile)[] }`, so its
 * character check sees every field value and file name, and every route gets the same refusals:
 * - a file over 5 MB (LIMITS.proofMaxBytes): 422 with the catalogue's size message, never truncated;
 * - a file with a name but 0 bytes: 422 "El archivo está vacío" (a browser's "no file chosen",
 *   an unnamed empty part, counts as no file);
 * each worded for the kind of file the route takes (route config `uploadKind`, default `image`:
 * a statement is not told to pick another image; decision 046);
 * - more than one file: 422 "Envía un solo archivo" (an upload route takes one image, unless its
 *   route config says `multipartFiles: 2`, as the identity submission does: decision 031);
 * - a text field over MULTIPART_LIMITS.fieldSize: 422 on that field;
 * - a broken form (no boundary, cut short, bad part header): 400 `upload/malformed`.
 * Routes then take their file and fields with `multipartFile` / `multipartFields`.
 */

/** Limits passed to @fastify/multipart (busboy); sizes in bytes. */
export const MULTIPART_LIMITS = {
  /** Largest file; a byte more is refused (docs/product.md §9: 5 MB, 5242880 bytes). */
  fileSize: LIMITS.proofMaxBytes,
  /** Busboy stops at the third file; the reader refuses the second one with its own message. */
  files: 2,
  fields: 10,
  /** Longest text field value (bytes); our longest text field is a 500-character reason. */
  fieldSize: 4096,
  parts: 20,
} as const;

/** One uploaded file, fully read (at most MULTIPART_LIMITS.fileSize bytes). */
export class UploadedFile {
  constructor(
    readonly fieldname: string,
    readonly filename: string,
    readonly mimetype: string,
    readonly bytes: Buffer,
  ) {}
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many files the route's form may carry (default 1; busboy stops at MULTIPART_LIMITS.files). */
    multipartFiles?: number;
    /** The kind of file the route takes, which words its refusals (default `image`; decision 046). */
    uploadKind?: UploadKind;
  }
}

export type MultipartValue = string | UploadedFile;
export type MultipartBody = Record<string, MultipartValue | MultipartValue[]>;

/** The size and empty-file refusals of each kind of upload (decision 046). */
const KIND_MESSAGES: Record<UploadKind, { tooLarge: string; empty: string }> = {
  image: { tooLarge: MSG_PAYMENTS.proofSize, empty: MSG_UPLOADS.imageEmpty },
  statement: { tooLarge: MSG_UPLOADS.statementTooLarge, empty: MSG_UPLOADS.statementEmpty },
};

function refuse(field: string, message: string, code: string): AppError {
  return new AppError(code, 422, message, { [field]: [message] });
}

/**
 * Reads the whole multipart body of a request into a MultipartBody. Throws AppError (422, or 400
 * `upload/malformed` for a form busboy cannot parse); Fastify/@fastify/multipart limit errors
 * (`FST_PARTS_LIMIT`...) pass through to the error handler, which maps them (lib/http-errors.ts).
 */
export async function readMultipartBody(request: FastifyRequest): Promise<MultipartBody> {
  const body: MultipartBody = {};
  const add = (name: string, value: MultipartValue) => {
    const current = body[name];
    if (current === undefined) body[name] = value;
    else if (Array.isArray(current)) current.push(value);
    else body[name] = [current, value];
  };
  const maxFiles = request.routeOptions.config.multipartFiles ?? 1;
  const messages = KIND_MESSAGES[request.routeOptions.config.uploadKind ?? 'image'];
  let files = 0;
  let problem: AppError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          problem ??= refuse(part.fieldname, MSG_INPUT.fieldTooLong, INPUT_CODES.fieldTooLong);
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= MULTIPART_LIMITS.fileSize) chunks.push(chunk);
      }
      if (part.file.truncated || size > MULTIPART_LIMITS.fileSize) {
        problem ??= refuse(part.fieldname, messages.tooLarge, INPUT_CODES.fileTooLarge);
        continue;
      }
      // A file input left empty in an HTML form sends an unnamed, empty part: no file.
      if (size === 0 && !part.filename) continue;
      if (size === 0) {
        problem ??= refuse(part.fieldname, messages.empty, INPUT_CODES.fileEmpty);
        continue;
      }
      files += 1;
      if (files > maxFiles) {
        problem ??= refuse(part.fieldname, MSG_INPUT.fileOnlyOne, INPUT_CODES.fileOnlyOne);
        continue;
      }
      add(
        part.fieldname,
        new UploadedFile(part.fieldname, part.filename, part.mimetype, Buffer.concat(chunks)),
      );
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: unknown; statusCode?: unknown };
    if (typeof e.code === 'string' && e.code.startsWith('FST_')) throw err;
    throw new AppError(INPUT_CODES.multipartMalformed, 400, MSG_INPUT.multipartMalformed);
  }
  if (problem) throw problem;
  return body;
}

/**
 * The file a route takes from its form body, or null when none was sent under `field`. Throws a
 * 422 on `field` when it holds text instead of a file. For an optional file (`optional: true`), a
 * file sent under another name is refused on that name rather than dropped: the request would
 * otherwise go through as if no file had been attached. (A route whose file is required answers
 * null with its own "select an image" message.) `missing` words the refusal of text sent instead
 * of a file (default "Selecciona una imagen.").
 */
export function multipartFile(
  body: unknown,
  field: string,
  opts: { optional?: boolean; missing?: string } = {},
): UploadedFile | null {
  if (!body || typeof body !== 'object') return null;
  let found: UploadedFile | null = null;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined || item === '') continue;
      if (!(item instanceof UploadedFile)) {
        if (name === field)
          throw refuse(field, opts.missing ?? MSG_INPUT.imageMissing, 'validation/failed');
        continue;
      }
      if (name === field) found = item;
      else if (opts.optional)
        throw refuse(name, MSG_INPUT.fileWrongField, INPUT_CODES.fileWrongField);
    }
  }
  return found;
}

/** The text fields of a form body (multipart or JSON): strings and numbers, as strings. */
export function multipartFields(body: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      fields[name] = value as string[];
  }
  return fields;
}

/**
 * The `body` schema of a multipart route, for the OpenAPI document (with `consumes:
 * ['multipart/form-data']`): each text field and the file field (`format: binary`) are listed
 * with a description. It validates nothing itself (the route checks the fields with its own
 * contracts schema, so every problem is reported at once), but it lets the API document, and the
 * route walker test, see the form.
 */
export function multipartBodySchema(
  fields: Record<string, string>,
  file: { name: string; description: string },
) {
  // Every key optional: a missing field gets the route's own message (docs/product.md §5), not zod's.
  const shape: Record<string, z.ZodType> = {};
  for (const [name, description] of Object.entries(fields))
    shape[name] = z.any().optional().meta({ type: 'string', description });
  shape[file.name] = z
    .any()
    .optional()
    .meta({ type: 'string', format: 'binary', description: file.description });
  return z.looseObject(shape);
}
