import { describe, expect, it } from "vitest";

import { POSTAL_ADDRESS_PLACEHOLDER, postalAddressIn } from "~/lib/content/footer";
import { buttonHtml, footerHtml, renderEmailHtml } from "~/lib/content/html";
import { buttonLink, cleanButtonUrl, LINK_PURPOSES, linkFor, linkPlaceholder, ownerLinks, placeholderPage, PURPOSE_PAGES, purposeOfButton } from "~/lib/content/links";

/** Every button goes where its words say: the owner's URL for that page, else a marked placeholder, never the bare home page. */

describe("a button's purpose, from its words", () => {
  it.each([
    ["Finish my booking", "finish-booking"],
    ["Return to my cart", "checkout"],
    ["Complete my order", "checkout"],
    ["Keep me subscribed", "keep-subscribed"],
    ["Update my email preferences", "email-preferences"],
    ["Book a test drive", "test-drive"],
    ["Book a viewing", "viewing"],
    ["Book your free consultation", "consultation"],
    ["Book a demo", "demo"],
    ["Book your next massage", "booking"],
    ["Pre-order for Saturday", "pre-order"],
    ["Start my free trial", "trial"],
    ["Download the app", "app-download"],
    ["See the plans", "pricing"],
    ["Upgrade your plan", "upgrade"],
    ["Leave a review", "review"],
    ["Tell us how it went", "review"],
    ["Read the reviews", "testimonials"],
    ["Hear from members", "testimonials"],
    ["Manage your subscription", "manage-subscription"],
    ["Request a quote", "quote"],
    ["Apply for the cohort", "apply"],
    ["See the course", "course"],
    ["See the add-ons", "product"],
    ["Log back in", "login"],
    ["Contact us", "contact"],
    ["Track my order", "order-tracking"],
    ["See my booking", "manage-booking"],
    ["Reorder now", "reorder"],
    ["Add it to my calendar", "calendar"],
    ["Get my copy", "download"],
    ["Visit our website", "website"],
    ["Shop now", "shop"],
  ] as const)("%s → %s", (text, purpose) => {
    expect(purposeOfButton(text)).toBe(purpose);
  });

  it("a button that names no page takes the business's main action; in an abandoned cart, finishing it", () => {
    expect(purposeOfButton("Whenever you're ready", { verb: "book" })).toBe("booking");
    expect(purposeOfButton("Claim 10% off", { verb: "shop" })).toBe("shop");
    expect(purposeOfButton("Start now", { verb: "start" })).toBe("trial");
    expect(purposeOfButton("Claim my discount", { verb: "book", flowType: "abandoned_cart" })).toBe("finish-booking");
    expect(purposeOfButton("Start now", { verb: "start", flowType: "abandoned_cart" })).toBe("finish-signup");
    expect(purposeOfButton("Shop now", { flowType: "abandoned_cart" })).toBe("checkout");
    expect(purposeOfButton("Read the reviews", { flowType: "abandoned_cart" })).toBe("testimonials");
    expect(purposeOfButton("Whenever you're ready")).toBe("other");
  });

  it("every purpose names a page for its placeholder", () => {
    for (const purpose of LINK_PURPOSES) expect(PURPOSE_PAGES[purpose]).toMatch(/\w/);
  });
});

describe("the owner's URL for a purpose", () => {
  const answers = {
    companyWebsite: "https://haldane.example",
    productServiceDescription: "Used cars. Book a test drive online at https://haldane.example/test-drive, or visit us.",
    customerFeedback: "Leave us a review at https://g.example/r/haldane!\nFinance questions: haldane.example/finance",
    onboardingProcessSteps: "Customers log in at https://my.haldane.example/ to see their documents.",
  };

  it("finds the URL whose path or leading words name the page", () => {
    expect(linkFor("test-drive", answers)).toBe("https://haldane.example/test-drive");
    expect(linkFor("review", answers)).toBe("https://g.example/r/haldane");
    expect(buttonLink("Book a test drive", answers)).toBe("https://haldane.example/test-drive");
  });

  it("a specific booking falls back to the owner's general booking page, never to another page", () => {
    const clinic = { companyWebsite: "dermalux.example", productServiceDescription: "Book online: https://dermalux.example/book" };
    expect(linkFor("consultation", clinic)).toBe("https://dermalux.example/book");
    expect(linkFor("finish-booking", clinic)).toBe("https://dermalux.example/book");
    expect(linkFor("checkout", clinic)).toBe("[Link: your cart or checkout page]");
  });

  it("without a URL for the page: the marked placeholder", () => {
    expect(linkFor("checkout", answers)).toBe("[Link: your cart or checkout page]");
    expect(linkFor("keep-subscribed", {})).toBe("[Link: your stay-subscribed confirmation page]");
    expect(buttonLink("Finish my booking", { companyWebsite: "https://x.example" })).toBe("[Link: your booking page]");
  });

  it("never puts the bare home page behind a button that names a page, even when the answers say to book there", () => {
    const site = { companyWebsite: "https://theloaf.example", productServiceDescription: "Pre-order and book at https://theloaf.example/ before Friday." };
    for (const purpose of LINK_PURPOSES.filter((p) => p !== "website")) expect(linkFor(purpose, site)).not.toMatch(/^https:\/\/theloaf\.example\/?$/);
    expect(linkFor("pre-order", site)).toBe(linkPlaceholder("pre-order"));
    expect(ownerLinks(site).every((link) => link.root)).toBe(true);
  });

  it("the website root only for a button that says to visit the website", () => {
    expect(linkFor("website", { companyWebsite: "theloaf.example" })).toBe("https://theloaf.example/");
    expect(linkFor("website", {})).toBe("[Link: your website]");
    expect(linkFor("website", { productServiceDescription: "Book at https://x.example/book" })).toBe("[Link: your website]");
  });

  it("reads URLs in every answer, lists and bare domains included, and not a business's own domain name as a page", () => {
    const links = ownerLinks({ a: ["see bookworm.example/about-us."], b: "https://bookworm.example/faq" });
    expect(links.map((link) => link.url)).toEqual(["https://bookworm.example/about-us", "https://bookworm.example/faq"]);
    expect(linkFor("booking", { a: "https://bookworm.example/about-us" })).toBe("[Link: your booking page]");
    expect(linkFor("about", { a: "https://bookworm.example/about-us" })).toBe("https://bookworm.example/about-us");
  });
});

describe("a stored button link", () => {
  it("is an http(s) URL or a marked link placeholder; anything else is refused", () => {
    expect(cleanButtonUrl(" https://x.example/book ")).toBe("https://x.example/book");
    expect(cleanButtonUrl("[Link: your booking page]")).toBe("[Link: your booking page]");
    for (const bad of ["#", "javascript:alert(1)", "x.example", "[your page]", "", null]) expect(cleanButtonUrl(bad)).toBeNull();
    expect(placeholderPage("[Link: your booking page]")).toBe("your booking page");
    expect(placeholderPage("https://x.example")).toBeNull();
  });
});

describe("the email's HTML", () => {
  const email = {
    brand: "Haldane <Motor> Co.",
    subject: "Your test drive",
    preheader: "Pick a time",
    bodyText: "Hi,\n\nCome and drive it.",
    callToAction: "Book a test drive",
    esp: "klaviyo" as const,
    postalAddress: null,
  };

  it("links the button to the owner's URL", () => {
    expect(buttonHtml({ ...email, buttonUrl: "https://haldane.example/test-drive" })).toMatch(/^<a href="https:\/\/haldane\.example\/test-drive" [^>]*>Book a test drive<\/a>$/);
  });

  it("draws a placeholder link visibly beside the button, with no link behind it", () => {
    const html = buttonHtml({ ...email, buttonUrl: "[Link: your test-drive booking page]" });
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("href");
    expect(html).toContain(">Book a test drive</span>");
    expect(html).toContain("Link to fill: your test-drive booking page");
  });

  it("a platform's own link takes the button's place", () => {
    expect(buttonHtml({ ...email, buttonUrl: "[Link: your cart or checkout page]", buttonTag: "{{ event.CheckoutURL }}" })).toContain('href="{{ event.CheckoutURL }}"');
  });

  it("the footer's sentence has its link: the platform's unsubscribe tag, and the postal address or its placeholder", () => {
    const footer = footerHtml(email);
    expect(footer).toContain("Unsubscribe at any time with the link in this footer.");
    expect(footer).toContain('<a href="{% unsubscribe_link %}"');
    expect(footer).toContain(`Haldane &lt;Motor&gt; Co. · ${POSTAL_ADDRESS_PLACEHOLDER}`);
    expect(footerHtml({ ...email, esp: "mailchimp", postalAddress: "14 Orford Rd, Ipswich IP1 3AA" })).toContain('href="*|UNSUB|*"');
    const page = renderEmailHtml({ ...email, buttonUrl: "https://haldane.example/test-drive" });
    expect(page).toContain('href="https://haldane.example/test-drive"');
    expect(page).toContain('href="{% unsubscribe_link %}"');
  });
});

describe("the postal address in the answers", () => {
  it("is a street line with a postcode after it; a street alone is not an address", () => {
    expect(postalAddressIn({ a: "Find us at 14 Orford Rd, Ipswich IP1 3AA, open daily." })).toBe("14 Orford Rd, Ipswich IP1 3AA");
    expect(postalAddressIn({ a: "Showroom: 221B Baker Street, London NW1 6XE" })).toBe("221B Baker Street, London NW1 6XE");
    expect(postalAddressIn({ a: "HQ 500 Market St, Suite 4, San Francisco, CA 94105" })).toBe("500 Market St, Suite 4, San Francisco, CA 94105");
    expect(postalAddressIn({ a: "pick up saturday 8am-1pm from the hatch at 14 orford rd." })).toBeNull();
    expect(postalAddressIn({ a: "We opened in 2019 and ship 10000 orders." })).toBeNull();
  });
});
