// The one way a handler or service refuses a request: a machine code (domain/src/error-codes.ts), its
// status, and German messages for the user. The error handler turns it into `{code, errors}`.
import { ERROR_CODES, type ErrorCode } from '@lp/domain/error-codes';
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly errors: ValidationMessage[],
  ) {
    super(errors.map((e) => e.message).join('; '));
    this.statusCode = ERROR_CODES[code];
  }

  /** One German message about the whole request (property '') or one field. */
  static of(code: ErrorCode, message: string, property = ''): AppError {
    return new AppError(code, [{ property, message }]);
  }

  static badRequest(message: string = MESSAGES.malformedRequest, property = ''): AppError {
    return AppError.of('MALFORMED_REQUEST', message, property);
  }
  static unauthorized(): AppError {
    return AppError.of('UNAUTHORIZED', MESSAGES.unauthorized);
  }
  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return AppError.of('FORBIDDEN', message);
  }
  static notFound(message: string = MESSAGES.notFound): AppError {
    return AppError.of('NOT_FOUND', message);
  }
}

/** The API's one error format. */
export interface ErrorBody {
  code: ErrorCode;
  errors: ValidationMessage[];
}

/** The body of an answer about the whole request. */
export const errorBody = (code: ErrorCode, message: string): ErrorBody => ({
  code,
  errors: [{ property: '', message }],
});
