import { describe, expect, it } from "vitest";

import { ACTION_TOAST_ID, toastOfActionData, toastOfActionReply } from "~/lib/action-toast";

describe("toastOfActionReply", () => {
  it("shows a reply's toast, a refusal when it names no variant", () => {
    expect(toastOfActionReply({ toast: { title: "Error", description: "You are the last Admin." } })).toEqual({
      id: ACTION_TOAST_ID,
      title: "Error",
      description: "You are the last Admin.",
      variant: "destructive",
    });
    expect(toastOfActionReply({ toast: { title: "Saved", variant: "success" } })).toMatchObject({ title: "Saved", description: undefined, variant: "success" });
  });

  it("falls back to the reply's message, and shows nothing for a reply without either", () => {
    expect(toastOfActionReply({ toast: null, message: "Unknown action." })).toMatchObject({ title: "Error", description: "Unknown action.", variant: "destructive" });
    expect(toastOfActionReply({ toast: null, message: "", edited: true })).toBeNull();
    // Field messages are shown at the fields: the summary would only repeat one of them.
    expect(toastOfActionReply({ message: "Open Rate must be a percentage from 0 to 100.", fieldErrors: { openRate: "Open Rate must be a percentage from 0 to 100." } })).toBeNull();
    expect(toastOfActionReply({ message: "Unknown action.", fieldErrors: {} })).toMatchObject({ description: "Unknown action." });
    expect(toastOfActionReply({ result: { status: "error" } })).toBeNull();
    expect(toastOfActionReply(null)).toBeNull();
    expect(toastOfActionReply("text")).toBeNull();
  });
});

describe("toastOfActionData", () => {
  it("takes the deepest route's reply", () => {
    expect(toastOfActionData({ root: undefined, "routes/_app+/admin.users": { toast: { title: "Error", description: "No." } } })?.description).toBe("No.");
    expect(toastOfActionData(null)).toBeNull();
  });
});
