import { ERROR_CODE_NAMES, type ErrorCode } from '@lp/domain/error-codes';
import type { ValidationMessage } from '@lp/domain/messages';

/**
 * A non-2xx answer of the API. `code` is the server's machine code (domain/src/error-codes.ts; null
 * when the answer had none: no answer at all, a proxy's page, the OAuth token call); screens branch
 * on it, never on the status alone. `errors` is the server's German errors list (may be empty);
 * `body` keeps the parsed answer for calls with their own error shape (the OAuth token call).
 * Status 0 means the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ValidationMessage[];
  readonly body: unknown;
  readonly code: ErrorCode | null;

  constructor(status: number, message: string, errors: ValidationMessage[] = [], body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    this.code = codeOf(body);
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODE_NAMES);

function codeOf(body: unknown): ErrorCode | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const { code } = body;
  return typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : null;
}

/** True when the API refused the call with this machine code. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** True for 4xx answers: the request itself was refused, repeating it cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
