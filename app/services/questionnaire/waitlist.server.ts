import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
import { waitlistSchema } from "~/lib/schemas/questionnaire";
import { addToWaitlist } from "~/models/waitlist.server";
import { fieldErrorsOf, validationError } from "~/services/domain-error";
import { discardDraft, type DraftOwner } from "~/services/questionnaire/drafts.server";

/**
 * `POST /api/waitlist/submit` and step 9: one entry per email. A second sign-up with the same
 * email changes nothing and is thanked all the same (so the answer never tells whether an address
 * is on the list); `created` says which it was. The visitor's draft is done with. Throws a
 * validation DomainError (a message per field) for a bad entry.
 */
export async function joinWaitlist({ draftOwner, input }: { draftOwner: DraftOwner | null; input: unknown }): Promise<{ created: boolean }> {
  const parsed = waitlistSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(fieldErrors)[0] ?? QUESTIONNAIRE_MESSAGES.fillRequired, fieldErrors);
  }
  const { created } = await addToWaitlist(parsed.data);
  await discardDraft(draftOwner);
  return { created };
}
