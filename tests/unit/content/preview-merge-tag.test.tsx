import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { EmailPreview, SmsPreview } from "~/components/content/previews";
import { asReaderSees, FIRST_NAME_TAG, restoreMergeTags } from "~/lib/content/merge-tags";

import { visibleText } from "../ui/render";

/** The previews show the greeting as a reader reads it, and say beside it what the copy holds. */

const BODY = `<p>Hi ${FIRST_NAME_TAG.replace(/"/g, "&quot;")},</p><p>Your first lesson starts soon.</p>`;

/** The srcdoc the frame is given, decoded as the browser decodes the attribute. */
function frameDocument(html: string) {
  const attribute = /srcDoc="([^"]*)"|srcdoc="([^"]*)"/.exec(html);
  expect(attribute).toBeTruthy();
  return (attribute![1] ?? attribute![2]!)
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("the email preview", () => {
  it("fills the first-name tag with a name, in the body, the subject and the preheader, and explains the tag beside it", () => {
    const html = renderToString(<EmailPreview html={restoreMergeTags(BODY)} subject={`${FIRST_NAME_TAG}, your lesson`} preheader="See you soon" brand="Harbour Swim" />);
    const body = frameDocument(html);
    expect(body).toContain(">Sam</span>,</p>");
    expect(body).not.toContain("first_name");
    const text = visibleText(html);
    expect(text).toContain("Sam, your lesson");
    expect(text).toContain("“Sam” stands for each reader's first name");
    expect(text).toContain(`The copy holds the tag ${FIRST_NAME_TAG.replace(/"/g, "&quot;")}`.replace(/&quot;/g, '"'));
  });

  it("says nothing about a tag the copy does not hold", () => {
    const html = renderToString(<EmailPreview html="<p>Hello.</p>" subject="Hello" preheader="" brand="Harbour Swim" />);
    expect(html).not.toContain("merge-tag-note");
  });

  it("fills the tag in a text message too", () => {
    const html = renderToString(<SmsPreview text={`Hi ${FIRST_NAME_TAG}, see you at 10.`} brand="Harbour Swim" />);
    const bubble = visibleText(/data-testid="sms-bubble">([\s\S]*?)<\/p>/.exec(html)![1]!);
    expect(bubble).toBe("Hi Sam, see you at 10.");
    expect(visibleText(html)).toContain("stands for each reader's first name");
  });

  it("reads the escaped and the plain forms of the tag alike", () => {
    expect(asReaderSees('Hi {{ first_name|default:"there" }} and {{ first_name|default:&quot;there&quot; }} and {{first_name}}')).toBe("Hi Sam and Sam and Sam");
  });
});
