import { Link } from "@remix-run/react";

/** The Flowmap mark: three touchpoints joined by a flow line. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M8 22c4 0 4-12 8-12s4 12 8 12" fill="none" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="8" cy="22" r="2.5" fill="white" />
      <circle cx="16" cy="10" r="2.5" fill="white" />
      <circle cx="24" cy="22" r="2.5" fill="white" />
    </svg>
  );
}

export function Logo({ to = "/", className = "" }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={`inline-flex items-center gap-2 rounded-md ${className}`} aria-label="Flowmap home">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">Flowmap</span>
    </Link>
  );
}
