import { Form } from "@remix-run/react";

import { CopyButton } from "~/components/content/copy-button";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

export interface ResetLink {
  email: string;
  url: string;
  expiresAt: string;
}

/** A user's "Reset link" button on the Users page: a plain form post, answered with the link. */
export function ResetLinkButton({ user }: { user: { id: string; email: string } }) {
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="id" value={user.id} />
      <Button type="submit" name="intent" value="reset-link" variant="ghost" size="xs" className="whitespace-nowrap" aria-label={`Make a password reset link for ${user.email}`}>
        Reset link
      </Button>
    </Form>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** The link just made, shown once: the Admin hands it to the user another way. */
export function ResetLinkNotice({ link }: { link: ResetLink }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="reset-link">
      <p className="text-sm font-semibold text-emerald-900">
        Password reset link for {link.email}. It works once, until {timeFormat.format(new Date(link.expiresAt))}; give it to them another way (it is not emailed).
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="reset-link-value" className="sr-only">
          The reset link
        </label>
        <input id="reset-link-value" readOnly value={link.url} className={`${controlClass} font-mono sm:flex-1`} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={link.url} label="the reset link" />
      </div>
    </div>
  );
}
