import { useNavigation } from "@remix-run/react";

/**
 * A thin bar along the top of the window while the next page loads after a click (its code,
 * its data, or a form's answer), so a slow network never looks like a dead click. Screen readers
 * hear that the page is loading.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      aria-busy="true"
      data-testid="navigation-progress"
      className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-[110] h-1 bg-brand-100"
    >
      <span className="block h-full w-full bg-brand-600" />
    </div>
  );
}
