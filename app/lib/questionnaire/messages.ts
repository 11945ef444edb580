/** The questionnaire's and the waitlist's messages, shared by the page, its server code and the API. */
export const QUESTIONNAIRE_MESSAGES = {
  validationTitle: "Validation Error",
  fillRequired: "Please fill in all required fields before continuing.",
  /** Every field has an answer, but one or more of them cannot be used as typed. */
  correctAnswers: "Please correct the answers marked below before continuing.",
  previousStepsMissing: "Please ensure all previous steps were completed. Some required information is missing.",
  saveFailed: "Failed to save progress. Please try again.",
  submitFailed: "Failed to complete questionnaire. Please try again.",
  waitlistFailed: "Failed to join waitlist. Please try again.",
  progressSaved: "Progress Saved",
  progressSavedDescription: "Your answers are saved on this browser for 30 days.",
  success: "Success!",
  successDescription: "Your account is ready and your answers are saved.",
  thankYou: "Thank you!",
  waitlistJoined: "You've been added to the B2B waitlist. We'll let you know as soon as Flowmap supports B2B businesses.",
} as const;
