import { cloneElement, createContext, useContext, useEffect, useId, useRef, useState } from "react";

import { TooltipTiming } from "~/lib/tooltip-timing";

const TooltipContext = createContext<TooltipTiming | null>(null);

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  const timing = useRef(new TooltipTiming());
  return <TooltipContext.Provider value={timing.current}>{children}</TooltipContext.Provider>;
}

/**
 * A short label shown on hover or keyboard focus after the shared delay. The trigger keeps its
 * own accessible name; the tooltip is tied to it with aria-describedby.
 */
export function Tooltip({
  content,
  children,
  side = "right",
}: {
  content: string;
  children: React.ReactElement<{ "aria-describedby"?: string }>;
  side?: "right" | "top" | "bottom";
}) {
  const timing = useContext(TooltipContext) ?? fallbackTiming;
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function show() {
    window.clearTimeout(timer.current);
    const wait = timing.openDelay(Date.now());
    if (wait === 0) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), wait);
  }
  function hide() {
    window.clearTimeout(timer.current);
    if (open) timing.closed(Date.now());
    setOpen(false);
  }

  const position =
    side === "right" ? "left-full top-1/2 ml-2 -translate-y-1/2" : side === "top" ? "bottom-full left-1/2 mb-2 -translate-x-1/2" : "top-full left-1/2 mt-2 -translate-x-1/2";

  return (
    <span
      className="relative inline-flex w-full"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === "Escape") hide();
      }}
    >
      {cloneElement(children, { "aria-describedby": id })}
      <span
        id={id}
        role="tooltip"
        // Closed, it is only text for screen readers: no padding or offset that could stick out of
        // a narrow screen and make the page scroll sideways.
        className={open ? `pointer-events-none absolute z-50 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow ${position}` : "sr-only"}
      >
        {content}
      </span>
    </span>
  );
}

const fallbackTiming = new TooltipTiming();
