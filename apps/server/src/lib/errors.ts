import type { FieldErrors } from '@domino/contracts';
import { MSG } from '@domino/contracts';

/**
 * The one error type services throw (STYLE: namespaced codes). The error handler turns it into
 * docs/product.md §7's body: 422 `{message, errors}` when `errors` is set, otherwise `{message, code}`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More fields of the body beside `message` and `code` (e.g. `place` of place/elsewhere). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** 422 with field errors; message defaults to the catalogue's generic form message. */
  static validation(errors: FieldErrors, message: string = MSG.formHasErrors): AppError {
    return new AppError('validation/failed', 422, message, errors);
  }
}
