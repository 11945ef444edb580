import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";

import { DOMAIN_ERROR_STATUS, isDomainError, type DomainError } from "~/services/domain-error";
import { isStorageFailure, storageUnavailable } from "~/services/storage-failure.server";
import type { ToastInput } from "~/web/toast.server";

/**
 * Pages' translation of a service's DomainError (the API's is `apiDomainError`). A page action
 * answers the form it received: the field messages go to the fields, the message to a toast and
 * the form's error line, with the same status the API would use.
 */
export interface PageErrorReply {
  /** conform's reply for the form, when the action parsed one. */
  result: SubmissionResult<string[]> | null;
  /** The field messages, for forms that are not conform forms. */
  fieldErrors: Record<string, string>;
  message: string;
  code: string | null;
  toast: ToastInput;
}

interface ConformSubmission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

interface PageErrorOptions<E extends Record<string, unknown>> {
  submission?: ConformSubmission;
  title?: string;
  hideFields?: string[];
  /** Fields the reply carries besides the error's (the form's `intent`, say), typed as given. */
  extra?: E;
  /** Headers the reply carries besides Retry-After (a cookie the action set on the way, say). */
  headers?: HeadersInit;
}

export function pageErrorReply<E extends Record<string, unknown> = Record<string, unknown>>(error: DomainError, options: PageErrorOptions<E> = {}) {
  const fieldErrors = error.fieldErrors ?? {};
  const conformFieldErrors = Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [field, [message]]));
  const result = options.submission
    ? options.submission.reply({
        fieldErrors: conformFieldErrors,
        formErrors: Object.keys(fieldErrors).length ? [] : [error.message],
        hideFields: options.hideFields,
      })
    : null;
  const reply: PageErrorReply & E = {
    ...(options.extra as E),
    result,
    fieldErrors,
    message: error.message,
    code: error.code ?? null,
    toast: { title: options.title ?? titleFor(error), description: error.message, variant: "destructive" },
  };
  const headers = new Headers(options.headers);
  if (error.retryAfterSeconds) headers.set("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return data(reply, { status: DOMAIN_ERROR_STATUS[error.kind], headers });
}

function titleFor(error: DomainError) {
  switch (error.kind) {
    case "validation":
      return "Validation Error";
    case "premium_required":
      return "Premium Required";
    case "onboarding_required":
      return "Complete Onboarding Required";
    case "unavailable":
      return "Not saved";
    default:
      return "Error";
  }
}

/**
 * Runs a service call from a page action and answers a DomainError with `pageErrorReply`, and a
 * write the database cannot save (disk full) with the 503 reply; any other error is rethrown for
 * the error boundary.
 */
export async function runForPage<T, E extends Record<string, unknown> = Record<string, unknown>>(
  work: () => Promise<T>,
  options: PageErrorOptions<E> = {},
): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof pageErrorReply<E>> }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, response: pageErrorReply(error, options) };
    if (isStorageFailure(error)) return { ok: false, response: pageErrorReply(storageUnavailable(error), options) };
    throw error;
  }
}

/**
 * A loader's answer to a DomainError: thrown as a Response so the route's error boundary shows
 * it (404 'not found', 403 'Access Denied', ...).
 */
export function pageErrorResponse(error: DomainError) {
  return new Response(JSON.stringify({ message: error.message, code: error.code ?? null }), {
    status: DOMAIN_ERROR_STATUS[error.kind],
    headers: { "Content-Type": "application/json" },
  });
}
