const DEFAULT_REDIRECT = "/";
const BASE = "http://flowmap.invalid";

/** A path a browser would resolve to another host, or that carries characters no path needs. */
function isUnsafePath(path: string) {
  return !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || /[\u0000-\u001f\u007f\\]/.test(path);
}

/**
 * Only same-site paths are followed after sign-in. The check judges the path as a browser would
 * resolve it (dot-segments removed, percent-encoded dots decoded), and then judges that result
 * again: `/.//evil.com` normalizes to `//evil.com`, which a browser reads as another host, so it
 * falls back to the default like any absolute, protocol-relative or backslash-tricked target.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (!to || typeof to !== "string") return fallback;
  const target = to.trim();
  if (isUnsafePath(target)) return fallback;
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE) return fallback;
    const normalized = `${url.pathname}${url.search}${url.hash}`;
    if (isUnsafePath(url.pathname)) return fallback;
    // The result must be a fixed point: resolving it again lands on the same same-site path.
    const again = new URL(normalized, BASE);
    if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== normalized) return fallback;
    return normalized;
  } catch {
    return fallback;
  }
}
