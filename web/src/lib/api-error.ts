import type { ValidationMessage } from '@lp/domain/messages';

/**
 * A non-2xx answer of the API. `errors` is the server's German errors list (may be empty);
 * `body` keeps the parsed answer for calls with their own error shape (the OAuth token call).
 * Status 0 means the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ValidationMessage[];
  readonly body: unknown;

  constructor(status: number, message: string, errors: ValidationMessage[] = [], body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/** True for 4xx answers: the request itself was refused, repeating it cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
