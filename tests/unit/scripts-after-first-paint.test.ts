import { describe, expect, it } from "vitest";

import { compactManifest, deferScriptsPastFirstPaint, scriptsAfterFirstPaint } from "~/web/scripts-after-first-paint.server";

const NONCE = "n0nce+/=";
const PRELOADS = '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>';
const HANDOVER = `<script nonce="${NONCE}">window.__remixContext = {"future":{}};window.__remixContext.stream = 1;</script>`;
const APP = `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/build/root-C.js";\nimport("/build/entry.client-A.js");</script>`;
const DATA = `<!--$--><script nonce="${NONCE}">window.__remixContext.streamController.enqueue("[]");</script><!--/$-->`;
/** The end of a page as Remix writes it: preloads, the data hand-over, the app's module script, then streamed data. */
const PAGE = `<!DOCTYPE html><html><head><title>T</title></head><body><main>Page</main>${PRELOADS}${HANDOVER}${APP}</body></html>${DATA}`;

/** What the restore script leaves in the document: each template replaced by its content, the script gone. */
function restored(html: string) {
  return html.replace(/<template id="[^"]+">([\s\S]*?)<\/template>/g, "$1").replace(/<script nonce="[^"]*">\(function\(\)\{var s=document\.currentScript;[\s\S]*?<\/script>/, "");
}

describe("a page's scripts wait for its first paint", () => {
  it("puts the module preloads and the app's module script in templates and keeps the data hand-over in place", () => {
    const html = deferScriptsPastFirstPaint(PAGE, NONCE);
    expect(html).toContain(`<template id="deferred-module-preloads">${PRELOADS}</template>${HANDOVER}<template id="deferred-app-script">${APP}</template>`);
    // Nothing fetchable or runnable is left outside the templates but the hand-over and the restore script.
    const outside = html.replace(/<template[\s\S]*?<\/template>/g, "");
    expect(outside).not.toContain("modulepreload");
    expect(outside).not.toContain('type="module"');
    // The restore script may run under the page's content security policy, and waits for a painted frame.
    expect(html).toMatch(new RegExp(`<script nonce="${NONCE.replace(/[+/=]/g, "\\$&")}">\\(function\\(\\)\\{var s=document.currentScript;`));
    expect(html).toContain("requestAnimationFrame(function(){setTimeout(go)})");
    expect(html).toContain('if(document.visibilityState==="hidden")go()');
    // Once restored, the document is exactly the one Remix rendered (what React hydrates).
    expect(restored(html)).toBe(PAGE);
  });

  it("leaves a page without scripts, or with an end it does not recognise, as it is", () => {
    const landing = "<!DOCTYPE html><html><head></head><body><main>Landing</main></body></html>";
    expect(deferScriptsPastFirstPaint(landing, NONCE)).toBe(landing);
    const somethingBetween = PAGE.replace(`${PRELOADS}${HANDOVER}`, `${PRELOADS}<div>x</div>${HANDOVER}`);
    expect(deferScriptsPastFirstPaint(somethingBetween, NONCE)).toBe(somethingBetween);
    const noModuleScript = PAGE.replace(APP, "");
    expect(deferScriptsPastFirstPaint(noModuleScript, NONCE)).toBe(noModuleScript);
    const noHandover = PAGE.replace(HANDOVER, `<script nonce="${NONCE}">other()</script>`);
    expect(deferScriptsPastFirstPaint(noHandover, NONCE)).toBe(noHandover);
  });

  it("as a stream rewrite: changes the batch holding the scripts, once, and hands every other batch on untouched", () => {
    const rewrite = scriptsAfterFirstPaint(NONCE);
    const before = Buffer.from("<!DOCTYPE html><html><body>");
    expect(rewrite(before)).toBe(before);
    const shell = rewrite(Buffer.from(PAGE));
    expect(shell.toString("utf8")).toBe(deferScriptsPastFirstPaint(PAGE, NONCE));
    const again = Buffer.from(PAGE);
    expect(rewrite(again)).toBe(again);
  });
});

describe("the app script's route manifest", () => {
  const manifest = { entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/chunk-B.js"] }, routes: { root: { id: "root", path: "", hasLoader: true } } };
  const script = (json: string) =>
    `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/build/root-C.js";\nwindow.__remixManifest = ${json};\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/build/entry.client-A.js");</script>`;

  it("is written without Remix's indentation, and says the same", () => {
    const compact = compactManifest(script(JSON.stringify(manifest, null, 2)));
    expect(compact).toBe(script(JSON.stringify(manifest)));
    const json = /window\.__remixManifest = (.*);\nwindow\.__remixRouteModules/.exec(compact)?.[1];
    expect(JSON.parse(json ?? "null")).toEqual(manifest);
  });

  it("cannot close its script early, and is left alone when it is not the JSON expected", () => {
    expect(compactManifest(script(JSON.stringify({ url: "</script>" }, null, 2)))).toContain('{"url":"\\u003c/script>"}');
    const odd = script("{ not json }");
    expect(compactManifest(odd)).toBe(odd);
    expect(compactManifest(APP)).toBe(APP);
  });
});
