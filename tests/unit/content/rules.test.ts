import { describe, expect, test } from "vitest";

import { countSms, emailProblems, fitSmsBody, fitWords, isGsm7, SMS_OPT_OUT, smsBrand, smsProblems, visibleLength } from "~/lib/content/rules";

describe("SMS counting", () => {
  test("plain text is GSM-7, one septet per character", () => {
    expect(countSms("Hello, world!")).toEqual({ encoding: "GSM-7", characters: 13, limit: 160, segments: 1 });
  });

  test("accented letters of the GSM-7 table stay GSM-7; others force UCS-2", () => {
    expect(isGsm7("Café Ñandú")).toBe(false); // ú is not in the table
    expect(isGsm7("Café Ñandu Ü ß")).toBe(true);
    expect(countSms("Zoë").encoding).toBe("UCS-2");
    expect(countSms("Zoë")).toMatchObject({ characters: 3, limit: 70, segments: 1 });
  });

  test("extension characters cost two septets", () => {
    expect(countSms("€5 [x]").characters).toBe(9);
    expect(countSms("a{b}c").characters).toBe(7);
  });

  test("emoji need UCS-2 and count as two UTF-16 units", () => {
    expect(countSms("Hi 😀")).toMatchObject({ encoding: "UCS-2", characters: 5 });
  });

  test("segments: 160 fits one GSM-7 message, 161 needs two of 153", () => {
    expect(countSms("a".repeat(160)).segments).toBe(1);
    expect(countSms("a".repeat(161)).segments).toBe(2);
    expect(countSms("a".repeat(306)).segments).toBe(2);
    expect(countSms("a".repeat(307)).segments).toBe(3);
    expect(countSms("€".repeat(80)).segments).toBe(1);
    expect(countSms("€".repeat(81)).segments).toBe(2);
  });

  test("segments: 70 fits one UCS-2 message, 71 needs two of 67", () => {
    expect(countSms("ë".repeat(70)).segments).toBe(1);
    expect(countSms("ë".repeat(71)).segments).toBe(2);
    expect(countSms("ë".repeat(135)).segments).toBe(3);
  });

  test("an empty text is zero segments", () => {
    expect(countSms("").segments).toBe(0);
  });
});

describe("SMS rules", () => {
  const brand = "Bright Smile";
  test("a message that opens with the brand, ends with the opt-out and fits passes", () => {
    expect(smsProblems(`${brand}: your visit is tomorrow at 9. ${SMS_OPT_OUT}`, brand)).toEqual({});
  });

  test("missing brand, missing opt-out and overflow are each refused", () => {
    expect(smsProblems(`Your visit is tomorrow. ${SMS_OPT_OUT}`, brand).sms).toMatch(/start with the brand name/);
    expect(smsProblems(`${brand}: your visit is tomorrow.`, brand).sms).toMatch(/Reply STOP to opt out/);
    expect(smsProblems(`${brand}: ${"x".repeat(140)} ${SMS_OPT_OUT}`, brand).sms).toMatch(/160/);
  });

  test("a message that needs Unicode must fit 70", () => {
    const unicodeBrand = "Zoë's";
    const ok = `${unicodeBrand}: see you soon. ${SMS_OPT_OUT}`;
    expect(countSms(ok).characters).toBeLessThanOrEqual(70);
    expect(smsProblems(ok, unicodeBrand)).toEqual({});
    const long = `${unicodeBrand}: see you soon, your table for four is booked. ${SMS_OPT_OUT}`;
    expect(countSms(long).characters).toBeGreaterThan(70);
    expect(smsProblems(long, unicodeBrand).sms).toMatch(/Unicode.*70/);
  });

  test("the brand's typographic apostrophe is made plain", () => {
    expect(smsBrand("  Zoe\u2019s   Bakery ")).toBe("Zoe's Bakery");
  });

  test("fitSmsBody cuts at a word and ends the sentence", () => {
    const body = fitSmsBody("Acme: ", "word ".repeat(60), ` ${SMS_OPT_OUT}`);
    expect(body.endsWith(".")).toBe(true);
    expect(countSms(`Acme: ${body} ${SMS_OPT_OUT}`).characters).toBeLessThanOrEqual(160);
  });
});

describe("email rules", () => {
  const good = { subject: "Welcome!", preheader: "Here is how to start.", bodyText: "Hi,\n\nWelcome.", callToAction: "Get started", buttonUrl: "https://acme.example/start" };
  test("a complete email passes", () => {
    expect(emailProblems(good)).toEqual({});
  });
  test("subject over 60 and preheader over 100 characters are refused, counted as people count", () => {
    expect(emailProblems({ ...good, subject: "é".repeat(60) })).toEqual({});
    expect(emailProblems({ ...good, subject: "é".repeat(61) }).subject).toMatch(/60/);
    expect(emailProblems({ ...good, preheader: "p".repeat(101) }).preheader).toMatch(/100/);
  });
  test("empty parts are refused", () => {
    expect(Object.keys(emailProblems({ subject: " ", preheader: "", bodyText: "", callToAction: "", buttonUrl: "" }))).toEqual([
      "subject",
      "preheader",
      "bodyText",
      "callToAction",
      "buttonUrl",
    ]);
  });
  test("a button links to a web address or to a marked placeholder, nothing else", () => {
    expect(emailProblems({ ...good, buttonUrl: "[Link: your booking page]" })).toEqual({});
    for (const buttonUrl of ["#", "javascript:alert(1)", "book here", "[your booking page]"]) expect(emailProblems({ ...good, buttonUrl }).buttonUrl).toMatch(/web address/);
  });
  test("fitWords cuts at a word boundary", () => {
    const cut = fitWords("The quick brown fox jumps over the lazy dog", 20);
    expect(cut).toBe("The quick brown fox");
    expect(visibleLength(fitWords("x".repeat(100), 10))).toBe(10);
  });
});
