import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { forwardRef, useEffect, useRef } from "react";

import { Logo } from "~/components/brand/logo";
import { Tooltip } from "~/components/ui/tooltip";
import { UpgradeLink } from "~/components/upgrade-dialog";
import { hasPremium, isAdmin, planLabel, userDisplayName, userInitial, type ClientUser } from "~/lib/user";

type NavItem = { label: string; to: string; icon: React.ReactNode; end?: boolean };

const mainNav: NavItem[] = [
  { label: "User Settings", to: "/user-settings", icon: <Icon d="M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0" /> },
  { label: "Onboarding Questions", to: "/onboarding/answers", icon: <Icon d="M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01" /> },
  { label: "Scorecards", to: "/dashboard", icon: <Icon d="M4 20V10m6 10V4m6 16v-7m4 7H2" /> },
  { label: "Flow Mappings", to: "/flow-mappings", icon: <Icon d="M5 6h4v4H5zM15 14h4v4h-4zM9 8h3a2 2 0 012 2v4a2 2 0 002 2" /> },
];

const adminNav: NavItem[] = [
  { label: "Onboarding", to: "/admin/onboarding", icon: null },
  { label: "Benchmarks", to: "/admin/benchmarks", icon: null },
  { label: "Flow Maps", to: "/admin/flow-maps", icon: null },
  { label: "Users", to: "/admin/users", icon: null },
];

/** The frame of every signed-in screen: header, sidebar and the page itself. */
export function AppShell({ user, children }: { user: ClientUser; children: React.ReactNode }) {
  // A page chosen from the menus closes them (with JavaScript the page changes in place; without
  // it the new page arrives with them closed).
  const location = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const accountRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    for (const menu of [menuRef.current, accountRef.current]) if (menu) menu.open = false;
  }, [location.pathname, location.search]);
  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="sticky top-[var(--toast-space,0px)] z-30 border-b border-slate-200 bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 lg:px-6">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-1">
            <Link to="/user-settings" className="shell-user" aria-label={`User settings for ${userDisplayName(user)}`} data-testid="user-button">
              <span aria-hidden="true">{userInitial(user)}</span>
              <span>
                <b>{userDisplayName(user)}</b>
                <small>{planLabel(user)}</small>
              </span>
            </Link>
            <AccountMenu ref={accountRef} />
          </div>
        </div>
      </header>
      <div className="lg:flex">
        {/*
          One sidebar for every width. On small screens it folds under a native Menu disclosure
          that needs no JavaScript: the stylesheet (.shell-menu) shows the sidebar, which follows
          the disclosure, only while it is open. On wide screens the disclosure is hidden and the
          sidebar always shows.
        */}
        <details className="shell-menu" ref={menuRef}>
          <summary>
            <Icon d="M4 6h16M4 12h16M4 18h16" />
            Menu
          </summary>
        </details>
        <aside className="shell-aside">
          {/* The header has no room for the name and plan on a phone: the menu says them. */}
          <div className="shell-account" data-testid="menu-account">
            <span>{userDisplayName(user)}</span>
            <span>{planLabel(user)}</span>
          </div>
          <Sidebar user={user} />
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The header's account menu: User Settings and Sign out, a native disclosure (no JavaScript
 * needed); Sign out is the same post to /api/logout as on User Settings.
 */
const AccountMenu = forwardRef<HTMLDetailsElement>(function AccountMenu(_props, ref) {
  return (
    <details className="account-menu" data-testid="account-menu" ref={ref}>
      <summary aria-label="Account menu">
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div>
        <Link to="/user-settings">User Settings</Link>
        <Form method="post" action="/api/logout" reloadDocument>
          <button type="submit">Sign out</button>
        </Form>
      </div>
    </details>
  );
});

/** A sidebar link (`.nav-link` in the stylesheet), highlighted when it is the current page. */
function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link current" : "nav-link";
}

function Sidebar({ user }: { user: ClientUser }) {
  // `/` is the dashboard too when signed in, so Scorecards is the current page there as well.
  const atHome = useLocation().pathname === "/";
  return (
    <nav aria-label="Main" className="space-y-6 p-4">
      <ul className="space-y-1">
        {mainNav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={({ isActive }) => navClass({ isActive: isActive || (atHome && item.to === "/dashboard") })} prefetch="intent">
              {item.icon}
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          {/* Premium users open the page; everyone else gets the upgrade dialog. */}
          {hasPremium(user) ? (
            <NavLink to="/flow-content" className={navClass} prefetch="intent" data-testid="flow-content-link">
              <Icon d="M4 6h16v12H4zM4 7l8 6 8-6" />
              Flow Content
            </NavLink>
          ) : (
            <Tooltip content="Premium feature: upgrade to unlock">
              <UpgradeLink className={`${navClass({ isActive: false })} w-full`} data-testid="flow-content-link">
                <Icon d="M7 11V8a5 5 0 0110 0v3M5 11h14v9H5z" />
                <span className="flex-1">Flow Content</span>
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-800">Locked</span>
              </UpgradeLink>
            </Tooltip>
          )}
        </li>
      </ul>
      {isAdmin(user) ? (
        <div>
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase" id="admin-panel-heading">
            Admin Panel
          </p>
          <ul className="mt-2 space-y-1" aria-labelledby="admin-panel-heading">
            <li>
              <NavLink to="/admin" end className={navClass}>
                <Icon d="M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4z" />
                Admin Settings
              </NavLink>
              <ul className="mt-1 ml-9 space-y-1 border-l border-slate-200 pl-2">
                {adminNav.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={navClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="icon-stroke" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
