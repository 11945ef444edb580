import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The domain (services, models, shared rules) knows nothing of HTTP: it takes plain values and
 * returns data or throws a DomainError. Reading requests and building answers (cookies, forms,
 * redirects, toasts, JSON) is the job of the routes and of the adapters in app/web/
 * (docs/decisions/116-http-adapters-in-app-web.md).
 */
const DOMAIN = ["app/services/**", "app/models/**", "app/lib/**"];
const WHERE_HTTP_GOES = "The domain never sees HTTP: read the request and build the answer in a route or in app/web/, and pass plain values in.";

/**
 * The layers of app/ and the folders each one may not import from (docs/architecture.md, "The
 * layers"; tests/unit/layers-doc.test.ts holds the two to each other). Routes call the HTTP
 * adapters (app/web/), which call the services, which use the models; components draw what a
 * route hands them, so they import only other components and app/lib/; app/lib/ holds the pure
 * rules every layer and the browser share, so it imports nothing of the others. A type-only
 * import counts like any other (docs/decisions/178-components-import-only-components-and-lib.md).
 * Import cycles are refused by tests/unit/import-cycles.test.ts.
 */
const REFUSED_IMPORTS = {
  "app/web": ["components", "routes"],
  "app/components": ["models", "routes", "services", "web"],
  "app/services": ["components", "routes", "web"],
  "app/models": ["components", "routes", "services", "web"],
  "app/lib": ["components", "models", "routes", "services", "web"],
};
const DOMAIN_WHY = "the domain does not depend on the screens, the HTTP adapters or the routes; they call it.";
const WHY_REFUSED = {
  "app/web": "the adapters read requests and build answers; what a screen and its action share (an intent, a field) lives in app/lib/.",
  "app/components": "components run in the browser and draw what a route hands them; the shapes and rules they share with the server live in app/lib/.",
  "app/services": DOMAIN_WHY,
  "app/models": `${DOMAIN_WHY} The models are the bottom of it: the services use them, never the other way.`,
  "app/lib": "shared rules are pure and run in the browser too; they import only app/lib/ and packages.",
};
/** The layers that run in the browser, and so may import no `.server` module wherever it lives. */
const BROWSER_LAYERS = ["app/components", "app/lib"];
const WHY_NO_SERVER_MODULE = "runs in the browser too, and a .server module is server-only: move what both sides need to app/lib/, or pass it in from the route's loader.";

/**
 * A `.server` module (or a module in a `.server/` folder) anywhere but in the refused folders,
 * whose own pattern already names the import: one message per refused import.
 */
function serverModuleOutside(folders) {
  const inRefusedFolder = `(?:~|\\.{1,2}|.*/app)/(?:.*/)?(?:${folders.join("|")})/`;
  return `^(?!${inRefusedFolder})(?:.*\\.server(?:\\.[cm]?[jt]sx?)?|.*/\\.server/.*)$`;
}

/** The rules that keep the named Fetch types (Request, Response) out of a file. */
function withoutHttpTypes(names) {
  const pattern = `/^(${names.join("|")})$/`;
  return {
    "@typescript-eslint/no-restricted-types": ["error", { types: Object.fromEntries(names.map((name) => [name, { message: WHERE_HTTP_GOES }])) }],
    "no-restricted-syntax": [
      "error",
      { selector: `NewExpression[callee.name=${pattern}]`, message: WHERE_HTTP_GOES },
      { selector: `MemberExpression[object.name=${pattern}]`, message: WHERE_HTTP_GOES },
      { selector: `BinaryExpression[operator='instanceof'][right.name=${pattern}]`, message: WHERE_HTTP_GOES },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ["build/**", "packages/*/dist/**", ".cache/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".tmp/**"],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**", "packages/*/scripts/**", "packages/*/tests/**", "packages/*/src/cli/**", "**/*.config.{js,ts}"],
    // Test helpers named use* are not React hooks.
    rules: { "no-console": "off", "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: DOMAIN,
    rules: withoutHttpTypes(["Request", "Response"]),
  },
  ...Object.entries(REFUSED_IMPORTS).map(([layer, folders]) => ({
    files: [`${layer}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...(DOMAIN.includes(`${layer}/**`) ? [{ group: ["@remix-run/*"], message: WHERE_HTTP_GOES }] : []),
            ...folders.map((folder) => ({
              group: [`~/${folder}/*`, `**/app/${folder}/*`, `../**/${folder}/*`],
              message: `${layer}/ does not import from app/${folder}/: ${WHY_REFUSED[layer]}`,
            })),
            ...(BROWSER_LAYERS.includes(layer) ? [{ regex: serverModuleOutside(folders), message: `${layer}/ ${WHY_NO_SERVER_MODULE}` }] : []),
          ],
        },
      ],
    },
  })),
  {
    // The outbound clients of third parties (the OpenAI-compatible server, Klaviyo) call fetch, and
    // fetch answers with a Response: they read it, and may hand the SDK a re-read copy. Only the
    // Response of their own calls; an incoming Request still has no place here.
    files: ["app/services/ai/openai-client.server.ts", "app/services/klaviyo/client.server.ts"],
    rules: withoutHttpTypes(["Request"]),
  },
);
