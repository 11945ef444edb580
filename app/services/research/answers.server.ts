import { QuestionnaireResponseModel, upsertResponseForUser } from "~/models/questionnaire-response.server";

import type { ResearchAnswers, ResearchField } from "./extract";

/**
 * Writes research answers into the user's questionnaire without ever replacing an answer the
 * user typed: each field is set only where it is still empty, checked in the same write (so an
 * answer typed while research runs also survives). Returns the fields research filled.
 */
export async function fillEmptyAnswers(userId: string, answers: ResearchAnswers): Promise<ResearchField[]> {
  // Make sure the user's questionnaire exists (empty answers) without touching an existing one.
  await upsertResponseForUser(userId, {});
  const filled: ResearchField[] = [];
  for (const [field, value] of Object.entries(answers) as Array<[ResearchField, string | undefined]>) {
    if (!value) continue;
    const result = await QuestionnaireResponseModel.updateOne(
      { userId, $or: [{ [field]: "" }, { [field]: null }, { [field]: { $exists: false } }] },
      { $set: { [field]: value } },
      { runValidators: true },
    );
    if (result.modifiedCount === 1) filled.push(field);
  }
  return filled;
}
