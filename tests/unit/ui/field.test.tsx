import { describe, expect, it } from "vitest";

import { renderDom } from "./kit-dom";
import { CheckboxField, ChoiceField, Field, FormError, PasswordField, SelectField, TextareaField } from "~/components/ui/field";

const describedBy = (value: string | undefined) => (value ?? "").split(" ").filter(Boolean);

describe("Field", () => {
  it("ties the label to the input and, without errors, says nothing about errors", async () => {
    const page = await renderDom(<Field label="Email" inputProps={{ name: "email", type: "email" }} />);
    const [input] = page.byTag("input");
    const [label] = page.byTag("label");
    expect(input.attribs.id).toBeTruthy();
    expect(label.attribs.for).toBe(input.attribs.id);
    expect(page.text(label)).toBe("Email");
    expect(input.attribs["aria-invalid"]).toBeUndefined();
    expect(input.attribs["aria-describedby"]).toBeUndefined();
    expect(page.byTag("ul")).toHaveLength(0);
  });

  it("with errors: aria-invalid, and aria-describedby names the description and the error list, which lists every message", async () => {
    const page = await renderDom(
      <Field
        label="Company"
        description="As it appears on your invoices."
        inputProps={{ id: "company", name: "companyName" }}
        errors={["Company name is required", null, "Too long"]}
      />,
    );
    const [input] = page.byTag("input");
    expect(input.attribs["aria-invalid"]).toBe("true");
    const ids = describedBy(input.attribs["aria-describedby"]);
    expect(ids).toEqual(["company-description", "company-error"]);
    expect(page.text(page.byId("company-description"))).toBe("As it appears on your invoices.");
    const list = page.byId("company-error");
    expect(list.name).toBe("ul");
    expect(DomUtilsText(page, list)).toEqual(["Company name is required", "Too long"]);
  });

  it("takes conform's props as they are: its id, name and key, and its error id (`<id>-error`) is the list's", async () => {
    // What getInputProps(fields.email, { type: "email" }) gives for an invalid field.
    const conformProps = {
      key: "k1",
      id: "login-email",
      name: "email",
      form: "login",
      type: "email",
      required: true,
      "aria-invalid": true,
      "aria-describedby": "login-email-error",
    };
    const page = await renderDom(<Field label="Email" inputProps={conformProps} errors={["Email is invalid"]} />);
    const [input] = page.byTag("input");
    expect(input.attribs.id).toBe("login-email");
    expect(input.attribs.name).toBe("email");
    expect(input.attribs.form).toBe("login");
    expect(input.attribs.required).toBe("");
    expect(input.attribs["aria-describedby"]).toBe("login-email-error");
    expect(page.text(page.byId("login-email-error"))).toBe("Email is invalid");
  });

  it("marks a field required by aria-required with a '*' hidden from screen readers", async () => {
    const page = await renderDom(<Field label="Website" inputProps={{ name: "companyWebsite", "aria-required": true }} />);
    const [label] = page.byTag("label");
    const marks = page.all((el) => el.name === "span" && el.attribs["aria-hidden"] === "true");
    expect(marks).toHaveLength(1);
    expect(page.text(label)).toBe("Website *");
  });

  it("an empty error list is no error", async () => {
    const page = await renderDom(<Field label="Name" inputProps={{ name: "name" }} errors={[]} />);
    const [input] = page.byTag("input");
    expect(input.attribs["aria-invalid"]).toBeUndefined();
    expect(page.byTag("ul")).toHaveLength(0);
  });
});

describe("TextareaField, SelectField, PasswordField, CheckboxField", () => {
  it("wire their control the same way", async () => {
    const page = await renderDom(
      <>
        <TextareaField label="Notes" textareaProps={{ id: "notes", name: "notes" }} errors={["Too long"]} />
        <SelectField label="Industry" selectProps={{ id: "industry", name: "industry" }} options={["Retail"]} errors={["Pick one"]} />
        <CheckboxField label="I agree" inputProps={{ id: "agree", name: "agree" }} errors={["Required"]} />
      </>,
    );
    for (const [tag, id] of [
      ["textarea", "notes"],
      ["select", "industry"],
      ["input", "agree"],
    ] as const) {
      const [control] = page.byTag(tag);
      expect(control.attribs.id).toBe(id);
      expect(control.attribs["aria-invalid"]).toBe("true");
      expect(control.attribs["aria-describedby"]).toBe(`${id}-error`);
      expect(page.one((el) => el.name === "label" && el.attribs.for === id)).toBeTruthy();
    }
    expect(page.byTag("input")[0].attribs.type).toBe("checkbox");
  });

  it("a select keeps a saved value that is no longer offered, after its placeholder and options", async () => {
    const page = await renderDom(
      <SelectField
        label="Industry"
        selectProps={{ name: "industry", defaultValue: "Old industry" }}
        options={["Retail", { value: "saas", label: "Software" }]}
        placeholder="Select..."
      />,
    );
    const options = page.byTag("option").map((option) => [option.attribs.value, page.text(option)]);
    expect(options).toEqual([
      ["", "Select..."],
      ["Retail", "Retail"],
      ["saas", "Software"],
      ["Old industry", "Old industry"],
    ]);
  });

  it("a password field renders no show/hide toggle before JavaScript runs, and stays a password input", async () => {
    const page = await renderDom(<PasswordField label="Password" inputProps={{ name: "password" }} description="At least 8 characters." />);
    const [input] = page.byTag("input");
    expect(input.attribs.type).toBe("password");
    expect(page.byTag("button")).toHaveLength(0);
    expect(describedBy(input.attribs["aria-describedby"])).toEqual([`${input.attribs.id}-description`]);
  });

  it("a required password field shows the required mark like every other field", async () => {
    const required = await renderDom(<PasswordField label="Password" inputProps={{ name: "password", "aria-required": true }} />);
    expect(required.text(required.byTag("label")[0]!)).toBe("Password *");
    const plain = await renderDom(<PasswordField label="Password" inputProps={{ name: "password", required: true }} />);
    expect(plain.text(plain.byTag("label")[0]!)).toBe("Password");
  });
});

describe("ChoiceField", () => {
  it("a radio group: one legend, one input per option with the saved one checked, errors on the fieldset", async () => {
    const page = await renderDom(
      <ChoiceField type="radio" label="Channels" name="communicationChannels" options={["Email", "Email + SMS"]} defaultValue="Email + SMS" required errors={["Choose one"]} />,
    );
    const [fieldset] = page.byTag("fieldset");
    const [legend] = page.byTag("legend");
    expect(page.text(legend)).toBe("Channels *");
    const inputs = page.byTag("input");
    expect(inputs.map((input) => [input.attribs.type, input.attribs.name, input.attribs.value, "checked" in input.attribs])).toEqual([
      ["radio", "communicationChannels", "Email", false],
      ["radio", "communicationChannels", "Email + SMS", true],
    ]);
    expect(fieldset.attribs["aria-invalid"]).toBe("true");
    const errorId = fieldset.attribs["aria-describedby"];
    expect(page.text(page.byId(errorId))).toBe("Choose one");
  });

  it("a checkbox group checks every saved answer; its hint shows, and its accessible description is its error alone", async () => {
    const page = await renderDom(
      <ChoiceField
        type="checkbox"
        label="Seasons"
        name="demandSeasonality"
        options={["Spring", "Summer", "Winter"]}
        defaultValue={["Spring", "Winter"]}
        description="Select all that apply."
      />,
    );
    const checked = page
      .byTag("input")
      .filter((input) => "checked" in input.attribs)
      .map((input) => input.attribs.value);
    expect(checked).toEqual(["Spring", "Winter"]);
    const [fieldset] = page.byTag("fieldset");
    expect(fieldset.attribs["aria-invalid"]).toBeUndefined();
    expect(fieldset.attribs["aria-describedby"]).toBeUndefined();
    expect(page.byTag("p").map((p) => page.text(p))).toEqual(["Select all that apply."]);
    const invalid = await renderDom(
      <ChoiceField
        type="checkbox"
        label="Seasons"
        name="demandSeasonality"
        options={["Spring"]}
        description="Select all that apply."
        errors={["Please select at least one option"]}
      />,
    );
    const [group] = invalid.byTag("fieldset");
    expect(invalid.text(invalid.byId(group.attribs["aria-describedby"]))).toBe("Please select at least one option");
  });
});

describe("FormError", () => {
  it("is an alert with the title and the messages, or nothing at all", async () => {
    const empty = await renderDom(<FormError errors={[null]} />);
    expect(empty.all((el) => el.attribs.role === "alert")).toHaveLength(0);
    const page = await renderDom(<FormError id="f-error" title="Validation Error" errors={["Email or password is incorrect."]} />);
    expect(page.byTag("p").map((p) => page.text(p))).toEqual(["Validation Error", "Email or password is incorrect."]);
    expect(page.byId("f-error").attribs.role).toBe("alert");
  });
});

function DomUtilsText(page: Awaited<ReturnType<typeof renderDom>>, list: Parameters<Awaited<ReturnType<typeof renderDom>>["text"]>[0]) {
  return list.children.filter((child) => "name" in child && child.name === "li").map((child) => page.text(child as typeof list));
}
