import { Link } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";

export function SiteHeader() {
  return (
    <header className="sticky top-[var(--toast-space,0px)] z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        {/* Below 480 px only the mark shows (the link keeps its "Flowmap home" name) so both nav actions fit. */}
        <Logo className="shrink-0 max-[479px]:[&>span]:sr-only" />
        <nav aria-label="Primary">
          <ul className="flex items-center gap-1 sm:gap-3">
            <li>
              <a href="#how-it-works" className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 md:inline-block">
                How it works
              </a>
            </li>
            <li>
              <Link
                to="/login"
                className="inline-block rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 max-[359px]:px-1.5 max-[359px]:text-xs hover:bg-slate-100 hover:text-slate-900 sm:px-3"
              >
                Sign In
              </Link>
            </li>
            <li>
              <Link
                to="/questionnaire"
                className="inline-block rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white max-[359px]:px-2 max-[359px]:text-xs shadow-sm hover:bg-brand-700 sm:px-4"
              >
                Start Free Assessment
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
