import { Link, useNavigation } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * The app's buttons: one look for every action, as the landing page shows it. `Button` is a
 * `<button>` (type "button" unless told otherwise, so nothing submits a form by accident),
 * `ButtonLink` is a Remix `<Link>` that looks like one, and `buttonClass()` gives the same look to
 * anything else that must stay its own element (a `<summary>`, a plain `<a>`).
 */

export type ButtonVariant = "primary" | "secondary" | "destructive" | "danger" | "premium" | "ai" | "inverse" | "ghost" | "ghost-destructive" | "subtle" | "link";
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "icon";

/**
 * Each variant and size is a component class of the stylesheet (`.btn`, `.btn-primary`, `.btn-md`,
 * defined in app/styles/tailwind.css with the utilities they stand for), so a page with many
 * buttons does not repeat the same long class list in every one.
 */
const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  /** The confirming button of a delete. */
  destructive: "btn-destructive",
  /** A destructive action offered beside others (Delete flow, Logout): quieter than `destructive`. */
  danger: "btn-danger",
  /** Upgrade to Premium. */
  premium: "btn-premium",
  /** Actions that have the AI write something. */
  ai: "btn-ai",
  /** On a brand-coloured panel. */
  inverse: "btn-inverse",
  ghost: "btn-ghost",
  "ghost-destructive": "btn-ghost-destructive",
  /** A quiet icon button (a dialog's ×). */
  subtle: "btn-subtle",
  link: "btn-link",
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  xs: "btn-xs",
  sm: "btn-sm",
  md: "btn-md",
  lg: "btn-lg",
  icon: "btn-icon",
};

const FLAT: ReadonlySet<ButtonVariant> = new Set(["ghost", "ghost-destructive", "subtle", "link"]);

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The classes of a button of this variant and size, with `className` added (layout: width, margins). */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  // A link-styled button sits in running text: no padding, no shadow.
  const sizing = variant === "link" ? "rounded text-sm" : SIZE_CLASSES[size];
  const shadow = FLAT.has(variant) ? "" : variant === "primary" && size === "lg" ? "shadow-lg shadow-brand-600/25" : "shadow-sm";
  return ["btn", VARIANT_CLASSES[variant], sizing, shadow, className].filter(Boolean).join(" ");
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} data-variant={variant ?? "primary"} {...props} />;
});

export type ButtonLinkProps = React.ComponentProps<typeof Link> & ButtonStyle;

/** A navigation that looks like a button (it is a link: it goes somewhere, it changes nothing). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink({ variant, size, className, ...props }, ref) {
  return <Link ref={ref} className={buttonClass({ variant, size, className })} data-variant={variant ?? "primary"} {...props} />;
});

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return <span className={`${className} flex-none animate-spin rounded-full border-2 border-current border-r-transparent`} aria-hidden="true" data-spinner="" />;
}

export type SubmitStatus = "idle" | "pending" | "success" | "error";

/**
 * Whether the page's own form submission (a `<Form>`, not a fetcher) is under way; with an
 * `intent`, only when the submitting button carried that intent, so two forms on one page each
 * show their own progress. With `formAction`, only a submission to that address counts.
 */
export function useIsPending({ intent, formAction }: { intent?: string; formAction?: string } = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  return true;
}

/**
 * A fetcher's state as a button status: pending while it sends or reloads, then success or
 * error when its answer says which (`{ ok }`, conform's `{ status }`), idle otherwise.
 */
export function fetcherStatus(fetcher: { state: "idle" | "loading" | "submitting"; data?: unknown }): SubmitStatus {
  if (fetcher.state !== "idle") return "pending";
  const data = fetcher.data;
  if (!data || typeof data !== "object") return "idle";
  if ("ok" in data && typeof data.ok === "boolean") return data.ok ? "success" : "error";
  if ("status" in data && (data.status === "success" || data.status === "error")) return data.status;
  return "idle";
}

export interface StatusButtonProps extends Omit<ButtonProps, "value"> {
  /** Left out: pending while this page's form submission (with this `intent`, if given) is under way. */
  status?: SubmitStatus;
  /** Sent as `intent=<value>` when the button submits (a page with several forms). */
  intent?: string;
  /** What the button says while pending, e.g. "Saving...". */
  pendingLabel?: React.ReactNode;
  successLabel?: React.ReactNode;
  errorLabel?: React.ReactNode;
  /** Shown before the label when idle (the spinner or status icon takes its place otherwise). */
  icon?: React.ReactNode;
}

/**
 * A submit button that shows how its submission is going: a spinner and the pending label while
 * it is sent, a check or a warning sign after (when the status says so). While pending it is
 * `aria-busy` and `aria-disabled`, and a second click does nothing; it stays focusable and keeps
 * its intent (a `disabled` button would drop both). Without JavaScript it is a plain submit
 * button.
 */
export const StatusButton = forwardRef<HTMLButtonElement, StatusButtonProps>(function StatusButton(
  { status: given, intent, pendingLabel, successLabel, errorLabel, icon, children, onClick, type = "submit", name, "aria-disabled": ariaDisabled, ...props },
  ref,
) {
  const navigationPending = useIsPending({ intent });
  const status: SubmitStatus = given ?? (navigationPending ? "pending" : "idle");
  const pending = status === "pending";
  const label = pending ? (pendingLabel ?? children) : status === "success" ? (successLabel ?? children) : status === "error" ? (errorLabel ?? children) : children;
  const lead = pending ? <Spinner /> : status === "success" ? <CheckIcon /> : status === "error" ? <AlertIcon /> : icon;
  return (
    <Button
      ref={ref}
      type={type}
      name={intent !== undefined ? "intent" : name}
      value={intent}
      {...props}
      data-status={status}
      aria-busy={pending || undefined}
      aria-disabled={pending || ariaDisabled || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {lead}
      {label}
    </Button>
  );
});

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 flex-none" aria-hidden="true">
      <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function AlertIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 flex-none" aria-hidden="true">
      <path d="M10 6v5m0 3h.01M10 2.5l8 14H2l8-14z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
