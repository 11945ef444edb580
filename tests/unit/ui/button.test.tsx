import * as DomUtils from "domutils";
import { describe, expect, it } from "vitest";

import { renderDom, Submitting } from "./kit-dom";
import { Button, ButtonLink, buttonClass, fetcherStatus, StatusButton } from "~/components/ui/button";

describe("Button and ButtonLink", () => {
  it("a Button is a <button type=button> unless told to submit, with its variant's look", async () => {
    const page = await renderDom(
      <>
        <Button>Cancel</Button>
        <Button type="submit" variant="destructive" className="w-full">
          Delete
        </Button>
      </>,
    );
    const [cancel, remove] = page.byTag("button");
    expect(cancel.attribs.type).toBe("button");
    expect(cancel.attribs.class.split(" ")).toEqual(expect.arrayContaining(["btn", "btn-primary", "btn-md"]));
    expect(remove.attribs.type).toBe("submit");
    expect(remove.attribs.class.split(" ")).toEqual(expect.arrayContaining(["btn", "btn-destructive", "w-full"]));
    expect(remove.attribs.class).not.toContain("btn-primary");
  });

  it("a ButtonLink is a real link (works without JavaScript) that looks like a button", async () => {
    const page = await renderDom(
      <ButtonLink to="/onboarding" variant="secondary" size="sm">
        Start Onboarding
      </ButtonLink>,
    );
    const [link] = page.byTag("a");
    expect(link.attribs.href).toBe("/onboarding");
    expect(page.text(link)).toBe("Start Onboarding");
    expect(link.attribs.class).toBe(buttonClass({ variant: "secondary", size: "sm" }));
  });

  it("sizes and variants pick distinct classes; the landing page's large primary keeps its coloured shadow", () => {
    expect(buttonClass({ size: "lg" })).toContain("btn-lg");
    expect(buttonClass({ size: "lg" })).toContain("shadow-brand-600/25");
    expect(buttonClass({ size: "lg", variant: "secondary" })).not.toContain("shadow-brand-600/25");
    expect(buttonClass({ variant: "link" })).not.toMatch(/\bpx-|btn-md/);
    expect(buttonClass({ variant: "ghost", size: "xs" })).not.toContain("shadow");
  });
});

describe("StatusButton", () => {
  it("idle: a plain submit button with its label, no busy state (what a page without JavaScript gets)", async () => {
    const page = await renderDom(<StatusButton pendingLabel="Saving...">Save Changes</StatusButton>);
    const [button] = page.byTag("button");
    expect(button.attribs.type).toBe("submit");
    expect(page.text(button)).toBe("Save Changes");
    expect(button.attribs["aria-busy"]).toBeUndefined();
    expect(button.attribs["aria-disabled"]).toBeUndefined();
    expect(button.attribs.disabled).toBeUndefined();
    expect(page.all((el) => "data-spinner" in el.attribs)).toHaveLength(0);
  });

  it("pending: the spinner and the pending label, aria-busy and aria-disabled, still focusable and still sending its intent", async () => {
    const page = await renderDom(
      <StatusButton status="pending" intent="save" pendingLabel="Saving...">
        Save Changes
      </StatusButton>,
    );
    const [button] = page.byTag("button");
    expect(page.text(button)).toBe("Saving...");
    expect(button.attribs["aria-busy"]).toBe("true");
    expect(button.attribs["aria-disabled"]).toBe("true");
    expect(button.attribs.disabled).toBeUndefined();
    expect(button.attribs.name).toBe("intent");
    expect(button.attribs.value).toBe("save");
    const [spinner] = page.all((el) => "data-spinner" in el.attribs);
    expect(spinner.attribs["aria-hidden"]).toBe("true");
  });

  it("success and error: their own labels (or the normal one) after an icon, and no busy state", async () => {
    const page = await renderDom(
      <>
        <StatusButton status="success" successLabel="Saved">
          Save
        </StatusButton>
        <StatusButton status="error">Save</StatusButton>
      </>,
    );
    const [success, error] = page.byTag("button");
    expect(page.text(success)).toBe("Saved");
    expect(success.attribs["data-status"]).toBe("success");
    expect(error.attribs["data-status"]).toBe("error");
    expect(page.text(error)).toBe("Save");
    for (const button of [success, error]) {
      expect(button.attribs["aria-busy"]).toBeUndefined();
      expect(DomUtils.findAll((el) => el.name === "svg", button.children)).toHaveLength(1);
    }
  });

  it("without a status, follows the page's form submission: only the button whose intent is being sent is pending", async () => {
    const page = await renderDom(
      <Submitting fields={{ intent: "change-name", firstName: "Ada" }}>
        <StatusButton intent="change-name" pendingLabel="Saving...">
          Save
        </StatusButton>
        <StatusButton intent="change-password" pendingLabel="Changing...">
          Change Password
        </StatusButton>
        <StatusButton pendingLabel="Sending...">Send</StatusButton>
      </Submitting>,
    );
    const [name, password, any] = page.byTag("button");
    expect(page.text(name)).toBe("Saving...");
    expect(name.attribs["aria-busy"]).toBe("true");
    expect(page.text(password)).toBe("Change Password");
    expect(password.attribs["aria-busy"]).toBeUndefined();
    // A button without an intent is pending for any submission of the page.
    expect(page.text(any)).toBe("Sending...");
  });

  it("keeps a disabled state of its own (a blank required field) apart from pending", async () => {
    const page = await renderDom(
      <StatusButton status="idle" disabled>
        Regenerate Flow
      </StatusButton>,
    );
    const [button] = page.byTag("button");
    expect(button.attribs.disabled).toBe("");
    expect(button.attribs["aria-busy"]).toBeUndefined();
  });
});

describe("fetcherStatus", () => {
  it("is pending while the fetcher sends or reloads, then reads the answer", () => {
    expect(fetcherStatus({ state: "submitting" })).toBe("pending");
    expect(fetcherStatus({ state: "loading", data: { ok: true } })).toBe("pending");
    expect(fetcherStatus({ state: "idle" })).toBe("idle");
    expect(fetcherStatus({ state: "idle", data: { ok: true } })).toBe("success");
    expect(fetcherStatus({ state: "idle", data: { ok: false } })).toBe("error");
    expect(fetcherStatus({ state: "idle", data: { status: "error", error: {} } })).toBe("error");
    expect(fetcherStatus({ state: "idle", data: { status: "success" } })).toBe("success");
    expect(fetcherStatus({ state: "idle", data: { message: "something" } })).toBe("idle");
  });
});
