/**
 * The machine-readable `code` of every API error body, in one table (client-safe). An error
 * without a more specific code gets its status's code, so a client can always switch on `code`.
 */
export const ERROR_CODE_FOR_STATUS = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  402: "PREMIUM_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "RATE_LIMITED",
  499: "REQUEST_CANCELLED",
  500: "INTERNAL_ERROR",
  502: "UPSTREAM_FAILED",
  503: "UNAVAILABLE",
} as const;

/** Codes more specific than their status's, with the status they come with. */
export const SPECIFIC_ERROR_CODES = {
  INVALID_JSON: 400,
  INVALID_TOKEN: 401,
  CROSS_SITE_REQUEST: 403,
  READ_ONLY_TOKEN: 403,
  REAUTH_REQUIRED: 403,
  EMAIL_TAKEN: 409,
  ONBOARDING_REQUIRED: 409,
  FLOW_EXISTS: 409,
  GENERATION_IN_PROGRESS: 409,
  BENCHMARK_EXISTS: 409,
  LAST_ADMIN: 409,
  ROLE_CHANGE_BUSY: 409,
  RESEARCH_RUNNING: 409,
  WRITE_CONFLICT: 409,
  TOO_MANY_TOKENS: 409,
  TOKEN_CREATION_BUSY: 409,
  KLAVIYO_NOT_CONNECTED: 409,
  KLAVIYO_RECONNECT: 409,
  KLAVIYO_KEY_REJECTED: 409,
  KLAVIYO_SCOPE_MISSING: 409,
  KLAVIYO_SEND_IN_PROGRESS: 409,
  KLAVIYO_REFRESH_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = (typeof ERROR_CODE_FOR_STATUS)[keyof typeof ERROR_CODE_FOR_STATUS] | keyof typeof SPECIFIC_ERROR_CODES;

/** Every code an API error can carry (the OpenAPI document lists them). */
export const ERROR_CODES = [...new Set([...Object.values(ERROR_CODE_FOR_STATUS), ...Object.keys(SPECIFIC_ERROR_CODES)])] as [ErrorCode, ...ErrorCode[]];

/** The code of an error answer with this status that has no more specific one. */
export function errorCodeFor(status: number): ErrorCode {
  return (ERROR_CODE_FOR_STATUS as Record<number, ErrorCode>)[status] ?? (status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST");
}
