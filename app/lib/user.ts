export const ADMIN_ROLE = "Admin";
export const DEFAULT_ROLE = "User";

/** What the browser knows of the signed-in user (never a password hash). */
export interface ClientUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role: string;
  isPremium: number;
}

/** The header's initial: first letter of first name, else of email, else 'U'. */
export function userInitial(user: Pick<ClientUser, "firstName" | "email"> | null | undefined) {
  const source = user?.firstName?.trim() || user?.email?.trim() || "U";
  return firstGrapheme(source).toUpperCase();
}

/** The header's name: first name, else email, else 'User'. */
export function userDisplayName(user: Pick<ClientUser, "firstName" | "email"> | null | undefined) {
  return user?.firstName?.trim() || user?.email?.trim() || "User";
}

export function isAdmin(user: Pick<ClientUser, "role"> | null | undefined) {
  return user?.role === ADMIN_ROLE;
}

/** Premium is stored as 0 or 1: this is the one place that flag becomes a yes or no. */
export function hasPremium(user: Pick<ClientUser, "isPremium"> | null | undefined): boolean {
  return user?.isPremium === 1;
}

/** The signed-in user as the domain services act for them: who, and whether they have premium. */
export interface ServiceUser {
  id: string;
  isPremium: boolean;
}

export function serviceUser(user: Pick<ClientUser, "id" | "isPremium">): ServiceUser {
  return { id: user.id, isPremium: hasPremium(user) };
}

export function planLabel(user: Pick<ClientUser, "isPremium"> | null | undefined) {
  return hasPremium(user) ? "Premium Plan" : "Free Plan";
}

/**
 * The first user-perceived character: an emoji, a flag or a letter with its accents stays whole
 * ('😀Bob' → '😀', not half of a surrogate pair).
 */
let graphemes: Intl.Segmenter | undefined;

export function firstGrapheme(text: string) {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    // One segmenter for the process: building one costs more than rendering the header.
    graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const first = graphemes.segment(text)[Symbol.iterator]().next();
    return first.done ? "" : first.value.segment;
  }
  return Array.from(text)[0] ?? "";
}
