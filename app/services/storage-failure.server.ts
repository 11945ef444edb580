import { DomainError } from "~/services/domain-error";

/**
 * The database cannot save: its disk is full or failing. The embedded engine then refuses every
 * write (and answers reads from memory) until the disk accepts writes again, which it checks by
 * itself every second (docs/decisions/012); MongoDB reports a full disk the same way. Whatever
 * was being saved is refused with a 503 that says so and when to try again, never a bare 500.
 */

export const STORAGE_UNAVAILABLE_MESSAGE = "Flowmap can't save changes right now. Please try again in a minute.";
export const STORAGE_UNAVAILABLE_CODE = "STORAGE_UNAVAILABLE";
/** The Retry-After of the 503: the message's "in a minute". */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

// The embedded engine's refusals ("… unavailable after a storage failure …", "write could not be
// made durable: …") and MongoDB's own for a full disk.
const STORAGE_FAILURE_TEXT = /after a storage failure|could not be made durable|could not write the journal|no space left on device|\bENOSPC\b|out of disk space/i;

/** Whether a database error is a refusal to write because storage failed. */
export function isStorageFailure(error: unknown): boolean {
  if (!(error instanceof Error) || !error.name.startsWith("Mongo")) return false;
  if ((error as { codeName?: unknown }).codeName === "OutOfDiskSpace") return true;
  return STORAGE_FAILURE_TEXT.test(error.message);
}

/** The service-level error for a write refused by failing storage: 503 with Retry-After. */
export function storageUnavailable(cause?: unknown) {
  return new DomainError("unavailable", STORAGE_UNAVAILABLE_MESSAGE, {
    code: STORAGE_UNAVAILABLE_CODE,
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    cause,
  });
}
