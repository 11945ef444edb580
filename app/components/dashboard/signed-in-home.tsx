import type { ComponentProps } from "react";

import { Dashboard } from "~/components/dashboard/dashboard";
import { AppShell } from "~/components/layout/app-shell";

/**
 * `/` for a signed-in user: the dashboard in the signed-in frame. The index route loads this
 * module lazily, so the landing page's JavaScript carries none of the dashboard's
 * (docs/decisions/072).
 */
export default function SignedInHome(props: ComponentProps<typeof Dashboard>) {
  return (
    <AppShell user={props.user}>
      <Dashboard {...props} />
    </AppShell>
  );
}
