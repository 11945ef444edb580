/**
 * The one error a service throws. Services know nothing of HTTP: they say what went wrong in
 * domain terms, and the API wrapper (`apiRoute` in api.server.ts) and the page helper
 * (`page.server.ts`) each translate it once into a status, a JSON body or a form reply.
 */
export const DOMAIN_ERROR_KINDS = [
  "validation",
  "unauthenticated",
  "not_found",
  "conflict",
  "forbidden",
  "premium_required",
  "rate_limited",
  "onboarding_required",
  "upstream_failed",
  "unavailable",
  "too_large",
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** Field name → the first message for that field (the API's documented `errors` shape). */
export type FieldErrors = Record<string, string>;

export interface DomainErrorOptions {
  /** Per-field messages, for `validation`. */
  fieldErrors?: FieldErrors;
  /** A stable machine-readable code for API clients (e.g. PREMIUM_REQUIRED). */
  code?: string;
  /** For `rate_limited`: when the client may try again. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly fieldErrors?: FieldErrors;
  readonly code?: string;
  readonly retryAfterSeconds?: number;

  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DomainError";
    this.kind = kind;
    this.fieldErrors = options.fieldErrors;
    this.code = options.code ?? DEFAULT_CODES[kind];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

const DEFAULT_CODES: Partial<Record<DomainErrorKind, string>> = {
  premium_required: "PREMIUM_REQUIRED",
  onboarding_required: "ONBOARDING_REQUIRED",
};

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

/** Shorthands, so a service reads `throw notFound("Flow not found")`. */
export const validationError = (message: string, fieldErrors?: FieldErrors) => new DomainError("validation", message, { fieldErrors });
export const notFound = (message = "Not found.") => new DomainError("not_found", message);
export const unauthenticated = (message: string) => new DomainError("unauthenticated", message);
export const conflict = (message: string, code?: string) => new DomainError("conflict", message, { code });
export const forbidden = (message: string) => new DomainError("forbidden", message);
export const premiumRequired = (message = "This feature needs a premium subscription.") => new DomainError("premium_required", message);
export const onboardingRequired = (message = "Complete onboarding first: flows are written from your business answers.") => new DomainError("onboarding_required", message);
export const rateLimited = (message: string, retryAfterSeconds: number) => new DomainError("rate_limited", message, { retryAfterSeconds });
export const upstreamFailed = (message: string, cause?: unknown) => new DomainError("upstream_failed", message, { cause });
/** Input within every field's limit that is still too much as a whole (413). */
export const tooLarge = (message: string) => new DomainError("too_large", message);

/** The HTTP status each kind maps to; one table for the API and for pages. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  validation: 422,
  unauthenticated: 401,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  premium_required: 402,
  rate_limited: 429,
  onboarding_required: 409,
  upstream_failed: 502,
  /** The service cannot do it for now (the database cannot save): try again later. */
  unavailable: 503,
  too_large: 413,
};

export const UNKNOWN_FIELD_MESSAGE = "Unknown field: remove it.";

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  keys?: ReadonlyArray<PropertyKey>;
}

/** Sets a field's first message as an own property: a field named `__proto__` is a field too, never the prototype. */
function setOnce(errors: FieldErrors, field: string, message: string) {
  if (!Object.hasOwn(errors, field)) Object.defineProperty(errors, field, { value: message, enumerable: true, writable: true, configurable: true });
}

/**
 * Field errors from a zod error: the first message per dotted path (`_form` for the root). A field
 * the schema does not know (a strict object's unrecognized key) is named itself.
 */
export function fieldErrorsFromIssues(issues: ReadonlyArray<IssueLike>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" && issue.keys?.length) {
      for (const name of issue.keys) setOnce(errors, [...issue.path, name].map(String).join("."), UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    setOnce(errors, issue.path.length ? issue.path.map(String).join(".") : "_form", issue.message);
  }
  return errors;
}

/** Field errors of a zod error, in the shape services and the API report them: `{ field: "first message" }`. */
export function fieldErrorsOf(error: { issues: ReadonlyArray<IssueLike> }): FieldErrors {
  return fieldErrorsFromIssues(error.issues);
}
