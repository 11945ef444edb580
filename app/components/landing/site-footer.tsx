import { Link } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";

const LINKS = [
  { to: "/login", label: "Sign In" },
  { to: "/questionnaire", label: "Start Free Assessment" },
  { to: "/register", label: "Create account" },
  { to: "/api/docs", label: "API reference" },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed text-balance text-slate-600">AI-planned lifecycle email &amp; SMS flows for growing brands.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 font-medium text-slate-700 hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6 lg:px-8">© {year} Flowmap. All rights reserved.</p>
      </div>
    </footer>
  );
}
