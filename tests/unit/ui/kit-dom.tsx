import * as DomUtils from "domutils";
import type { Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router-dom";

import { renderRoute } from "./render";

/** Server-renders `ui` on a page at `/` (inside the router, so Remix's hooks and links work) and parses the markup. */
export async function renderDom(ui: React.ReactNode) {
  const html = await renderRoute("/", [{ path: "/", Component: () => <>{ui}</> }]);
  const dom = parseDocument(html);
  const all = (test: (el: Element) => boolean) => DomUtils.findAll(test, dom.children);
  const one = (test: (el: Element) => boolean) => {
    const found = all(test);
    if (found.length !== 1) throw new Error(`expected one element, found ${found.length} in ${html}`);
    return found[0];
  };
  return {
    html,
    all,
    one,
    byTag: (name: string) => all((el) => el.name === name),
    byId: (id: string) => one((el) => el.attribs.id === id),
    text: (el: Element) => DomUtils.textContent(el).replace(/\s+/g, " ").trim(),
  };
}

/**
 * Renders its children as if the page's form were being submitted with `fields` (what
 * `useNavigation()` reports while a `<Form>` post is under way).
 */
export function Submitting({ fields, action = "/", children }: { fields: Record<string, string>; action?: string; children: React.ReactNode }) {
  const state = useContext(DataRouterStateContext);
  if (!state) throw new Error("Submitting must be rendered inside a data router");
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const navigation = {
    state: "submitting",
    location: { pathname: action, search: "", hash: "", state: null, key: "submitting" },
    formMethod: "POST",
    formAction: action,
    formEncType: "application/x-www-form-urlencoded",
    formData,
    json: undefined,
    text: undefined,
  } as const;
  return <DataRouterStateContext.Provider value={{ ...state, navigation }}>{children}</DataRouterStateContext.Provider>;
}
