import type { FieldErrors } from '@domino/contracts';
import { INPUT_CODES, MSG, MSG_INPUT } from '@domino/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/**
 * The one translation from "anything thrown while serving a request" to the body a client reads
 * (docs/product.md §7; decision 014): every message Spanish, every code ours. Fastify's and
 * its plugins' errors (`FST_ERR_CTP_INVALID_JSON_BODY`, `FST_FILES_LIMIT`, busboy's "Unexpected
 * end of form"...) are mapped by their code to our own namespaced code and a Spanish message; a
 * framework code never reaches the client. Unknown 4xx errors become `http/bad_request`; anything
 * else is a 500 `server/internal` whose details only go to the log.
 */

export interface ErrorReply {
  status: number;
  body: { message: string; code: string; errors?: FieldErrors; [extra: string]: unknown };
  /** Set when the error is ours to investigate (5xx): the handler logs it. */
  unexpected: boolean;
  /** Seconds to put in `Retry-After` (429). */
  retryAfter?: number;
}

type KnownError = { status: number; code: string; message: string };

/** Fastify's and @fastify/multipart's request errors, by their code (fastify/lib/errors.js). */
const FRAMEWORK_ERRORS: Record<string, KnownError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: INPUT_CODES.invalidJson,
    message: MSG_INPUT.invalidJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: INPUT_CODES.emptyJsonBody,
    message: MSG_INPUT.emptyJsonBody,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: INPUT_CODES.unsupportedMediaType,
    message: MSG_INPUT.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: INPUT_CODES.badContentLength,
    message: MSG_INPUT.badContentLength,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: INPUT_CODES.payloadTooLarge,
    message: MSG_INPUT.payloadTooLarge,
  },
  FST_ERR_BAD_URL: { status: 400, code: INPUT_CODES.badUrl, message: MSG_INPUT.badUrl },
  FST_ERR_INVALID_URL: { status: 400, code: INPUT_CODES.badUrl, message: MSG_INPUT.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: INPUT_CODES.uriTooLong,
    message: MSG_INPUT.uriTooLong,
  },
  FST_ERR_NOT_FOUND: { status: 404, code: INPUT_CODES.notFound, message: MSG.notFound },
  FST_ERR_ASYNC_CONSTRAINT: {
    status: 400,
    code: INPUT_CODES.badRequest,
    message: MSG_INPUT.badRequest,
  },
  // @fastify/multipart (index.js): limits and malformed forms.
  FST_PARTS_LIMIT: {
    status: 413,
    code: INPUT_CODES.multipartTooManyParts,
    message: MSG_INPUT.multipartTooManyParts,
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: INPUT_CODES.multipartTooManyParts,
    message: MSG_INPUT.multipartTooManyParts,
  },
  FST_FILES_LIMIT: { status: 422, code: INPUT_CODES.fileOnlyOne, message: MSG_INPUT.fileOnlyOne },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: INPUT_CODES.payloadTooLarge,
    message: MSG_INPUT.payloadTooLarge,
  },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: INPUT_CODES.forbiddenJsonKey,
    message: MSG_INPUT.forbiddenJsonKey,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: INPUT_CODES.unsupportedMediaType,
    message: MSG_INPUT.unsupportedMediaType,
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: INPUT_CODES.multipartMalformed,
    message: MSG_INPUT.multipartMalformed,
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: INPUT_CODES.multipartMalformed,
    message: MSG_INPUT.multipartMalformed,
  },
};

/** Fallbacks by status for 4xx errors whose code we do not know. */
const BY_STATUS: Record<number, KnownError> = {
  401: { status: 401, code: 'auth/unauthenticated', message: MSG.unauthenticated },
  403: { status: 403, code: 'auth/forbidden', message: MSG.forbidden },
  404: { status: 404, code: INPUT_CODES.notFound, message: MSG.notFound },
  408: { status: 408, code: INPUT_CODES.requestTimeout, message: MSG_INPUT.requestTimeout },
  413: { status: 413, code: INPUT_CODES.payloadTooLarge, message: MSG_INPUT.payloadTooLarge },
  414: { status: 414, code: INPUT_CODES.uriTooLong, message: MSG_INPUT.uriTooLong },
  415: {
    status: 415,
    code: INPUT_CODES.unsupportedMediaType,
    message: MSG_INPUT.unsupportedMediaType,
  },
  429: { status: 429, code: 'rate/limited', message: MSG.tooManyRequests },
  431: { status: 431, code: INPUT_CODES.headersTooLarge, message: MSG_INPUT.headersTooLarge },
};

/**
 * busboy (under @fastify/multipart) throws plain Errors without a code or status for a broken
 * form: "Multipart: Boundary not found", "Unexpected end of form", "Malformed part header"...
 */
function isMalformedMultipart(error: Error): boolean {
  return /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Part terminated early|Missing Content-Type|Unsupported content type)/i.test(
    error.message ?? '',
  );
}

/** Field errors of a fastify-type-provider-zod validation error, keyed by the first path segment. */
function fieldErrors(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const key = issue.instancePath.split('/')[1] || '_';
    const list = (errors[key] ??= []);
    const message = issue.message ?? MSG.formHasErrors;
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/**
 * Maps an error to the reply a client gets. Never throws. Path-parameter validation failures are
 * 404 (a non-canonical id names no resource: decision 014), other schema failures are 422 with
 * field errors.
 */
export function errorReply(error: unknown): ErrorReply {
  if (error instanceof AppError) {
    const retry = (error as AppError & { retryAfter?: number }).retryAfter;
    return {
      status: error.status,
      body: error.errors
        ? { message: error.message, errors: error.errors, code: error.code }
        : { ...error.details, message: error.message, code: error.code },
      // A 503 of ours is a deliberate "not available here" (push not configured, shutting down):
      // answered in Spanish, never logged as a failure (docs/decisions/048).
      unexpected: error.status >= 500 && error.status !== 503,
      ...(error.status === 429 && retry ? { retryAfter: retry } : {}),
    };
  }
  if (!(error instanceof Error)) {
    return {
      status: 500,
      body: { message: MSG.unexpected, code: 'server/internal' },
      unexpected: true,
    };
  }
  const e = error as Error & {
    code?: unknown;
    statusCode?: unknown;
    validation?: unknown;
    validationContext?: unknown;
  };
  if (hasZodFastifySchemaValidationErrors(e)) {
    if (e.validationContext === 'params')
      return {
        status: 404,
        body: { message: MSG.notFound, code: INPUT_CODES.notFound },
        unexpected: false,
      };
    return {
      status: 422,
      body: {
        message: MSG.formHasErrors,
        errors: fieldErrors(e.validation as { instancePath: string; message?: string }[]),
        code: 'validation/failed',
      },
      unexpected: false,
    };
  }
  if (Array.isArray(e.validation)) {
    // A non-zod schema (none today): still ours and Spanish.
    if (e.validationContext === 'params')
      return {
        status: 404,
        body: { message: MSG.notFound, code: INPUT_CODES.notFound },
        unexpected: false,
      };
    return {
      status: 422,
      body: {
        message: MSG.formHasErrors,
        errors: { _: [MSG_INPUT.invalidValue] },
        code: 'validation/failed',
      },
      unexpected: false,
    };
  }
  const known = typeof e.code === 'string' ? FRAMEWORK_ERRORS[e.code] : undefined;
  if (known) {
    const body: ErrorReply['body'] = { message: known.message, code: known.code };
    if (known.status === 422) body.errors = { _: [known.message] };
    return { status: known.status, body, unexpected: false };
  }
  if (isMalformedMultipart(e)) {
    return {
      status: 400,
      body: { message: MSG_INPUT.multipartMalformed, code: INPUT_CODES.multipartMalformed },
      unexpected: false,
    };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const byStatus = BY_STATUS[status] ?? {
      status,
      code: INPUT_CODES.badRequest,
      message: MSG_INPUT.badRequest,
    };
    return { status, body: { message: byStatus.message, code: byStatus.code }, unexpected: false };
  }
  return {
    status: 500,
    body: { message: MSG.unexpected, code: 'server/internal' },
    unexpected: true,
  };
}
