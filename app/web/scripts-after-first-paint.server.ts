/**
 * A page's scripts start loading once the browser has painted it (docs/decisions/118).
 *
 * Remix ends a page that loads the app with `<link rel="modulepreload">` for every module the page
 * needs (about thirty), the script that hands the server's data over, and the module script that
 * imports the routes and hydrates. The browser's preload scanner fetches those modules the moment
 * the HTML arrives, at high priority, so they compete with the stylesheet and the first paint;
 * on a fast connection the page even hydrates before it is first painted. Every page is complete
 * as the server sends it, so nothing is lost by painting first.
 *
 * This rewrites the page as it leaves the server: the modulepreload links and the module script
 * go into inert `<template>`s (nothing in a template is fetched or run), and a small script puts
 * them back, in the same places, after the next frame has been painted. The DOM React hydrates is
 * then exactly the one Remix rendered. The hand-over script stays where it is: the data streamed
 * after the shell is written into what it sets up. Without JavaScript nothing changes (the page
 * never loads scripts). A page whose end does not look as expected is sent unchanged.
 */

const PRELOAD = '<link rel="modulepreload"';
const PRELOADS_ONLY = /^(?:<link rel="modulepreload"[^>]*\/>)+$/;
const HANDOVER = "window.__remixContext = ";
const PRELOAD_TEMPLATE = "deferred-module-preloads";
const APP_TEMPLATE = "deferred-app-script";

/**
 * Puts the templates back once the first frame is painted (a timeout queued from the frame's
 * animation callback runs after that paint), or at once in a tab that is not shown (which paints
 * nothing until it is). The script then removes itself, leaving the DOM as Remix rendered it.
 */
function restoreScript(nonce: string) {
  return (
    `<script nonce="${nonce}">(function(){var s=document.currentScript;function go(){` +
    `["${PRELOAD_TEMPLATE}","${APP_TEMPLATE}"].forEach(function(id){var t=document.getElementById(id);if(t)t.replaceWith(t.content.cloneNode(true))});s.remove()}` +
    `if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go)})})()</script>`
  );
}

const MANIFEST = "window.__remixManifest = ";
const ROUTE_MODULES = ";\nwindow.__remixRouteModules = ";

/**
 * The app script with Remix's route manifest written without its indentation (Remix prints it
 * with two spaces a level: about a third of the script). Unchanged if it is not where expected.
 */
export function compactManifest(script: string): string {
  const start = script.indexOf(MANIFEST);
  const end = start < 0 ? -1 : script.indexOf(ROUTE_MODULES, start);
  if (end < 0) return script;
  try {
    const manifest: unknown = JSON.parse(script.slice(start + MANIFEST.length, end));
    return script.slice(0, start + MANIFEST.length) + JSON.stringify(manifest).replace(/</g, "\\u003c") + script.slice(end);
  } catch {
    return script;
  }
}

/** The end of the script element that starts at `start`, or -1. */
function scriptEnd(html: string, start: number) {
  const end = html.indexOf("</script>", start);
  return end < 0 ? -1 : end + "</script>".length;
}

/**
 * The page with its module preloads and app script deferred past the first paint; the page
 * unchanged when it loads no scripts or its end is not the one Remix writes.
 */
export function deferScriptsPastFirstPaint(html: string, nonce: string): string {
  const preloads = html.indexOf(PRELOAD);
  if (preloads < 0) return html;
  const handover = html.indexOf("<script", preloads);
  const handoverEnd = handover < 0 ? -1 : scriptEnd(html, handover);
  if (handoverEnd < 0 || !PRELOADS_ONLY.test(html.slice(preloads, handover))) return html;
  if (!html.slice(handover, handoverEnd).includes(`>${HANDOVER}`)) return html;
  const app = handoverEnd;
  const appEnd = html.startsWith("<script", app) ? scriptEnd(html, app) : -1;
  if (appEnd < 0 || !/^<script[^>]* type="module"/.test(html.slice(app, appEnd))) return html;
  return (
    html.slice(0, preloads) +
    `<template id="${PRELOAD_TEMPLATE}">${html.slice(preloads, handover)}</template>` +
    html.slice(handover, handoverEnd) +
    `<template id="${APP_TEMPLATE}">${compactManifest(html.slice(app, appEnd))}</template>` +
    restoreScript(nonce) +
    html.slice(appEnd)
  );
}

/**
 * For `FlushBatches`: rewrites the one batch of a page that holds its scripts (the shell's), and
 * hands every other batch on as it is.
 */
export function scriptsAfterFirstPaint(nonce: string): (batch: Buffer) => Buffer {
  let done = false;
  return (batch) => {
    if (done || batch.indexOf(PRELOAD) < 0) return batch;
    done = true;
    return Buffer.from(deferScriptsPastFirstPaint(batch.toString("utf8"), nonce));
  };
}
