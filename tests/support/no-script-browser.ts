import { sendToApp } from "./in-process-app";
import { CookieJar, DOCUMENT_HEADERS, SAME_ORIGIN, url } from "./requests";

/** A browser without JavaScript: a cookie jar, document requests, redirects followed. */
export function browser(cookie: string) {
  const jar = new CookieJar();
  for (const pair of cookie.split("; ")) jar.setFromHeader(pair);
  const headers = (extra: Record<string, string> = {}) => {
    const result = new Headers({ ...DOCUMENT_HEADERS, Host: new URL(SAME_ORIGIN).host, ...extra });
    if (jar.header()) result.set("Cookie", jar.header());
    return result;
  };
  const follow = async (response: Response, from: string) => {
    for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
      jar.apply(response);
      response = await sendToApp(new Request(new URL(response.headers.get("Location")!, url(from)), { headers: headers() }));
    }
    return { status: response.status, html: await response.text() };
  };
  return {
    get: async (path: string) => follow(await sendToApp(new Request(url(path), { headers: headers() })), path),
    post: async (path: string, fields: Record<string, string>) =>
      follow(
        await sendToApp(
          new Request(url(path), {
            method: "POST",
            headers: headers({ "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Origin: SAME_ORIGIN }),
            body: new URLSearchParams(fields).toString(),
          }),
        ),
        path,
      ),
  };
}

/** What the browser shows of the markup, a <noscript> included (it is shown without JavaScript). */
export const shown = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
