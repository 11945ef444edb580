import { describe, expect, it } from "vitest";

import { useEnv } from "../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../support/db");
const { createAdmin, createUser } = await import("../support/factories");
const { CookieJar, DOCUMENT_HEADERS, SAME_ORIGIN, url } = await import("../support/requests");
const { sendToApp } = await import("../support/in-process-app");
const { onboardedUser, seedRules } = await import("./flows/helpers");
const flows = await import("~/services/flows/flows.server");
const { PASSWORD_RULE } = await import("~/lib/schemas/auth");

await useTestDatabase({ clearBeforeEach: true });

/**
 * Every form that can fail, posted the way a browser without JavaScript posts it: a document
 * request whose answer is the page itself (or a redirect to it). The refusal's message must be in
 * what that browser shows: the visible markup, not only the page data a script would read.
 */

interface Posted {
  /** Where the form posts (its page's address, with `?index` for an index route). */
  path: string;
  fields: Record<string, string>;
  cookie?: string;
}

interface FormCase {
  form: string;
  post: () => Promise<Posted>;
  /** Texts the page shows after the post. */
  shows: string[];
  status: number;
}

/** What a browser shows of a document: scripts, styles and tags dropped, entities decoded, spaces folded. */
function shownText(html: string) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

/** Posts the form as a document request and follows redirects as the browser would; the final page. */
async function postWithoutJavaScript({ path, fields, cookie }: Posted) {
  const jar = new CookieJar();
  if (cookie) for (const pair of cookie.split("; ")) jar.setFromHeader(pair);
  const headers = (extra: Record<string, string> = {}) => {
    const result = new Headers({ ...DOCUMENT_HEADERS, Host: new URL(SAME_ORIGIN).host, ...extra });
    if (jar.header()) result.set("Cookie", jar.header());
    return result;
  };
  let response = await sendToApp(
    new Request(url(path), {
      method: "POST",
      headers: headers({ "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Origin: SAME_ORIGIN }),
      body: new URLSearchParams(fields).toString(),
    }),
  );
  const firstStatus = response.status;
  for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
    jar.apply(response);
    response = await sendToApp(new Request(new URL(response.headers.get("Location")!, url(path)), { headers: headers() }));
  }
  return { firstStatus, status: response.status, text: shownText(await response.text()) };
}

async function flowOwner() {
  await seedRules();
  const account = await onboardedUser();
  const flow = await flows.generateFlow({ user: { id: account.user.id, isPremium: false }, input: { flowType: "onboarding" } });
  return { ...account, flow };
}

const touchpointFields = { title: "Welcome", primaryGoal: "Activate", keyMessages: "Hello", callToAction: "Start", delayDays: "0" };

const CASES: FormCase[] = [
  // Sign-in and sign-up
  {
    form: "sign in with a wrong password",
    post: async () => {
      const { user } = await createUser({ password: "right-password" });
      return { path: "/login", fields: { email: user.email, password: "wrong-password" } };
    },
    shows: ["Invalid email or password."],
    status: 401,
  },
  {
    form: "sign up with an address that has an account",
    post: async () => {
      const { user } = await createUser();
      return { path: "/register", fields: { firstName: "Ann", lastName: "Lee", companyName: "", email: user.email, password: "long-enough", confirmPassword: "long-enough" } };
    },
    shows: ["An account with this email already exists. Sign in instead."],
    status: 409,
  },
  {
    form: "sign up with a short password",
    post: async () => ({ path: "/register", fields: { firstName: "Ann", lastName: "Lee", email: "ann@example.com", password: "123", confirmPassword: "123" } }),
    shows: ["Password must be at least 6 characters"],
    status: 422,
  },
  // The public questionnaire
  {
    form: "questionnaire step 1 left empty",
    post: async () => ({ path: "/questionnaire?step=1", fields: { step: "1", intent: "next" } }),
    shows: ["Validation Error", "Please fill in all required fields before continuing."],
    status: 422,
  },
  {
    form: "questionnaire account step with a short password",
    post: async () => ({
      path: "/questionnaire?step=7",
      fields: { step: "7", intent: "next", companyName: "Acme", firstName: "Ann", lastName: "Lee", email: "ann.q@example.com", password: "short" },
    }),
    shows: ["Password must be at least 8 characters"],
    status: 422,
  },
  {
    form: "questionnaire waitlist with a bad address",
    post: async () => ({
      path: "/questionnaire?step=9",
      fields: {
        step: "9",
        intent: "next",
        firstName: "Ann",
        lastName: "Lee",
        email: "not-an-address",
        companyName: "Acme",
        businessType: "B2B (Business-to-Business)",
        industry: "B2B Services",
      },
    }),
    shows: ["Please enter a valid email address"],
    status: 422,
  },
  // Onboarding
  {
    form: "onboarding wizard step 1 left empty",
    post: async () => ({ path: "/onboarding?step=1", fields: { step: "1", intent: "next" }, cookie: (await createUser()).cookie }),
    shows: ["Validation Error", "Please fill in all required fields before proceeding."],
    status: 422,
  },
  {
    form: "onboarding wizard: Next on the last step",
    post: async () => ({ path: "/onboarding?step=5", fields: { step: "5", intent: "next" }, cookie: (await createUser()).cookie }),
    shows: ["This is the last step: use Complete Onboarding."],
    status: 400,
  },
  {
    form: "onboarding answers with a B2C Service/Retail answer missing",
    post: async () => ({
      path: "/onboarding/answers",
      fields: { intent: "save", businessType: "B2C Service/Retail", industry: "Fitness" },
      cookie: (await createUser()).cookie,
    }),
    shows: ["Validation Error"],
    status: 422,
  },
  // User settings
  {
    form: "settings: a blank name",
    post: async () => ({ path: "/user-settings", fields: { intent: "update-name", firstName: "", lastName: "Lee" }, cookie: (await createUser()).cookie }),
    shows: ["First name is required"],
    status: 422,
  },
  {
    form: "settings: a wrong current password",
    post: async () => ({
      path: "/user-settings",
      fields: { intent: "change-password", currentPassword: "not-my-password", newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" },
      cookie: (await createUser({ password: "my-password" })).cookie,
    }),
    shows: ["Current password is incorrect"],
    status: 422,
  },
  {
    form: "settings: an unknown action",
    post: async () => ({ path: "/user-settings", fields: { intent: "explode" }, cookie: (await createUser()).cookie }),
    shows: ["Unknown action. Please reload the page and try again."],
    status: 400,
  },
  // Dashboard (and the same forms on `/`)
  {
    form: "dashboard: a metric above 100%",
    post: async () => ({
      path: "/dashboard",
      fields: { intent: "save-metrics", flowType: "lead_nurture", openRate: "150" },
      cookie: (await onboardedUser()).cookie,
    }),
    shows: ["Open Rate must be a percentage from 0 to 100."],
    status: 422,
  },
  {
    form: "dashboard: AI research without a website",
    post: async () => ({ path: "/dashboard", fields: { intent: "research" }, cookie: (await onboardedUser()).cookie }),
    shows: ["AI Research Failed"],
    status: 200,
  },
  {
    form: "home: an unknown action",
    post: async () => ({ path: "/?index", fields: { intent: "explode" }, cookie: (await onboardedUser()).cookie }),
    shows: ["Unknown action. Please reload the page and try again."],
    status: 400,
  },
  // Flow mappings
  {
    form: "flows: generating a flow that exists",
    post: async () => ({ path: "/flow-mappings?type=onboarding", fields: { intent: "generate" }, cookie: (await flowOwner()).cookie }),
    shows: ["Error Generating Flow"],
    status: 409,
  },
  {
    form: "flows: regenerate without feedback",
    post: async () => {
      const { cookie, flow } = await flowOwner();
      return { path: "/flow-mappings?type=onboarding&dialog=regenerate", fields: { intent: "regenerate", flowId: flow.id, feedback: " " }, cookie };
    },
    shows: ["Feedback Required", "Please provide feedback to improve your flow."],
    status: 422,
  },
  {
    form: "flows: regenerate with a note nothing in which can be acted on",
    post: async () => {
      const { cookie, flow } = await flowOwner();
      return { path: "/flow-mappings?type=onboarding&dialog=regenerate", fields: { intent: "regenerate", flowId: flow.id, feedback: "Please make it pop." }, cookie };
    },
    // The dialog stays open with the note in it, and says that nothing changed, why and what to try.
    shows: [
      "Nothing was changed",
      "so it is exactly as it was and no version was saved",
      "Your whole note is kept in the quick notes",
      "Try naming one change to the steps",
      "Please make it pop.",
    ],
    status: 200,
  },
  {
    form: "flows: a touchpoint saved with blank fields",
    post: async () => {
      const { cookie, flow } = await flowOwner();
      const id = flow.touchpoints[0]!.id;
      return {
        path: `/flow-mappings?type=onboarding&dialog=edit&touchpoint=${id}`,
        fields: { intent: "update-touchpoint", touchpointId: id, ...touchpointFields, title: " " },
        cookie,
      };
    },
    shows: ["Please fill all required fields", "All touchpoint fields are required."],
    status: 422,
  },
  {
    form: "flows: a touchpoint another tab deleted, saved",
    post: async () => {
      const { cookie, flow, user } = await flowOwner();
      const id = flow.touchpoints[0]!.id;
      await flows.deleteTouchpoint({ user: { id: user.id, isPremium: false }, touchpointId: id });
      return { path: `/flow-mappings?type=onboarding&dialog=edit&touchpoint=${id}`, fields: { intent: "update-touchpoint", touchpointId: id, ...touchpointFields }, cookie };
    },
    shows: ["Failed to Update Touchpoint", "This touchpoint no longer exists"],
    status: 200,
  },
  {
    form: "flows: roll back to a version that is not there",
    post: async () => {
      const { cookie, flow } = await flowOwner();
      return { path: "/flow-mappings?type=onboarding&dialog=versions", fields: { intent: "rollback", flowId: flow.id, versionId: "nope" }, cookie };
    },
    shows: ["Failed to Rollback", "This version no longer exists."],
    status: 200,
  },
  {
    form: "flows: an unknown action",
    post: async () => ({ path: "/flow-mappings?type=onboarding", fields: { intent: "explode" }, cookie: (await onboardedUser()).cookie }),
    shows: ["Unknown action. Please reload the page and try again."],
    status: 400,
  },
  // Flow content
  {
    form: "flow content for a flow that is not there",
    post: async () => {
      const { cookie } = await onboardedUser({ premium: true });
      return { path: "/flow-content", fields: { intent: "generate-content", flowId: "nope", from: "/flow-content" }, cookie };
    },
    shows: ["Error Generating Content"],
    status: 404,
  },
  // Admin
  {
    form: "admin: the last admin leaves the role",
    post: async () => {
      const admin = await createAdmin();
      return { path: "/admin/users?index", fields: { intent: "set-role", id: admin.user.id, role: "User" }, cookie: admin.cookie };
    },
    shows: ["Error", "You are the last Admin: make another user Admin before removing your own Admin role."],
    status: 409,
  },
  {
    form: "admin: premium for an account that is gone",
    post: async () => ({ path: "/admin/users?index", fields: { intent: "set-premium", id: "000000000000000000000000", isPremium: "1" }, cookie: (await createAdmin()).cookie }),
    shows: ["User not found. It may have been deleted in another tab; the table shows what is there now."],
    status: 200,
  },
  {
    form: "admin: a benchmark without its fields",
    post: async () => ({ path: "/admin/benchmarks?dialog=new", fields: { intent: "create" }, cookie: (await createAdmin()).cookie }),
    shows: ["Choose a benchmark type"],
    status: 422,
  },
  {
    form: "admin: a benchmark another tab deleted, saved",
    post: async () => ({
      path: "/admin/benchmarks?dialog=edit&id=000000000000000000000000",
      fields: { intent: "update", id: "000000000000000000000000", benchmarkType: "Lead Nurture", performanceIndicator: "Open Rate (Email)", industryMedian: "40%" },
      cookie: (await createAdmin()).cookie,
    }),
    shows: ["Benchmark not found."],
    status: 200,
  },
  {
    form: "admin: a flow map without its fields",
    post: async () => ({ path: "/admin/flow-maps?dialog=new", fields: { intent: "create" }, cookie: (await createAdmin()).cookie }),
    shows: ["Flow name is required"],
    status: 422,
  },
  {
    form: "admin: an unknown action",
    post: async () => ({ path: "/admin/flow-maps", fields: { intent: "explode" }, cookie: (await createAdmin()).cookie }),
    shows: ["Unknown action. Please reload the page and try again."],
    status: 400,
  },
];

describe("every form that can fail shows why without JavaScript", () => {
  it.each(CASES)("$form", async ({ post, shows, status }) => {
    const page = await postWithoutJavaScript(await post());
    expect(page.status).toBe(status);
    for (const text of shows) expect(page.text, `the page should show "${text}"`).toContain(text);
  });
});

describe("every field that sets a new password states the rule before anything is typed", () => {
  it.each([
    { path: "/register", field: "password", signedIn: false },
    { path: "/user-settings", field: "newPassword", signedIn: true },
  ])("$path", async ({ path, field, signedIn }) => {
    const headers = new Headers({ ...DOCUMENT_HEADERS, Host: new URL(SAME_ORIGIN).host });
    if (signedIn) headers.set("Cookie", (await createUser()).cookie);
    const response = await sendToApp(new Request(url(path), { headers }));
    expect(response.status).toBe(200);
    const page = await response.text();
    const ruleId = new RegExp(`<p id="([^"]+)"[^>]*>${PASSWORD_RULE.replace(".", "\\.")}</p>`).exec(page)?.[1];
    expect(ruleId, "the rule is shown").toBeDefined();
    const input = new RegExp(`<input[^>]*name="${field}"[^>]*>`).exec(page)?.[0] ?? "";
    expect(input).toMatch(new RegExp(`aria-describedby="[^"]*${ruleId}`));
  });
});
