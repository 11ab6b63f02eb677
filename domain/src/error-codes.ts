// The machine codes of the API's error answers (`{"code": …, "errors": [German messages]}`): clients
// branch on the code, never on the HTTP status alone (409 alone meant three different things). A code
// is stable once published; the German message beside it may be reworded.
export const ERROR_CODES = {
  /** 400: the request's form is wrong (a field, a parameter, the JSON itself). */
  MALFORMED_REQUEST: 400,
  /** 400: a field holds a character the API never stores (control characters, …). */
  FORBIDDEN_CHARACTER: 400,
  /** 400: a password link (reset or invitation) that is unknown, expired or already used. */
  PASSWORD_LINK_INVALID: 400,
  /** 400: a new password set through a link breaks the password rules. */
  PASSWORD_REJECTED: 400,
  /** 400: the token request of a user with a second factor carries no code (decisions.md section 15). */
  MFA_REQUIRED: 400,
  /** 400: a second-factor code (or recovery code) that is wrong, expired or already used. */
  MFA_CODE_INVALID: 400,
  /** 401: no token, or an expired or revoked one. */
  UNAUTHORIZED: 401,
  /** 403: the role or ownership does not allow it. */
  FORBIDDEN: 403,
  /** 403: a supplier tried to change or delete an exported booking. */
  EXPORTED_LOCKED: 403,
  /** 403: MFA_FOR_ADMINS=required and this admin has no second factor yet: only enrolment is open. */
  MFA_ENROLMENT_REQUIRED: 403,
  /** 404: no such record (or one the caller may not see). */
  NOT_FOUND: 404,
  /** 408: the request's body did not arrive in time. */
  REQUEST_TIMEOUT: 408,
  /** 409: the record was changed by someone else since it was loaded. */
  VERSION_CONFLICT: 409,
  /** 409: the user already has a second factor (enrolment), or none to confirm or remove. */
  MFA_STATE_CONFLICT: 409,
  /** 409: a record still referenced by bookings or users cannot be deleted. */
  STILL_REFERENCED: 409,
  /** 409: the empty-report records (article 999, debitor 999999) are never deleted. */
  RESERVED_RECORD: 409,
  /** 409: an administrator cannot delete their own account. */
  OWN_ACCOUNT: 409,
  /** 409: the last active administrator cannot be deleted. */
  LAST_ADMIN: 409,
  /** 409: an upload whose bookings are partly exported cannot be undone. */
  UPLOAD_EXPORTED: 409,
  /** 409: the bookings are being changed by another request right now; try again. */
  RECORD_BUSY: 409,
  /** 412: If-Match names a version that is no longer the stored one. */
  /** 409: a mail to a creditor that is inactive (urgency e-mail). */
  CREDITOR_INACTIVE: 409,
  /** 409: a mail to a creditor without an active user, who could receive it. */
  NO_ACTIVE_USERS: 409,
  /** 409: an invitation to an inactive user. */
  USER_INACTIVE: 409,
  PRECONDITION_FAILED: 412,
  /** 413: the body or file is larger than allowed. */
  PAYLOAD_TOO_LARGE: 413,
  /** 415: a body of a media type the route does not take (or not UTF-8). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** 429: too many requests or uploads at once. */
  TOO_MANY_REQUESTS: 429,
  /** 431: the request's headers are too large. */
  HEADERS_TOO_LARGE: 431,
  /** 500: an unexpected failure; nothing was changed. */
  SERVER_ERROR: 500,
  /** 503: the database cannot be reached right now. */
  DATABASE_UNAVAILABLE: 503,
  /** 503: the server is shutting down; another one (or this one restarted) will answer. */
  SHUTTING_DOWN: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code an answer of this status carries when nothing more specific is known. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 412:
      return 'PRECONDITION_FAILED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 503:
      return 'DATABASE_UNAVAILABLE';
    default:
      return status >= 500 ? 'SERVER_ERROR' : 'MALFORMED_REQUEST';
  }
}
