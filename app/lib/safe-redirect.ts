const DEFAULT_REDIRECT = "/";

/**
 * Only same-site paths are followed after sign-in: anything absolute, protocol-relative or
 * backslash-tricked falls back to the default, so a crafted link cannot send a user elsewhere.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (!to || typeof to !== "string") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://flowmap.invalid");
    if (url.origin !== "http://flowmap.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
