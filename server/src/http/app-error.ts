// The one way a handler or service refuses a request: a status and a German message for the user.
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: ValidationMessage[],
  ) {
    super(errors.map((e) => e.message).join('; '));
  }

  static badRequest(message: string = MESSAGES.malformedRequest, property = ''): AppError {
    return new AppError(400, [{ property, message }]);
  }
  static unauthorized(): AppError {
    return new AppError(401, [{ property: '', message: MESSAGES.unauthorized }]);
  }
  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError(403, [{ property: '', message }]);
  }
  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError(404, [{ property: '', message }]);
  }
  static conflict(message: string, property = ''): AppError {
    return new AppError(409, [{ property, message }]);
  }
}
