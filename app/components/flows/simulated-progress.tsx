import { useEffect, useMemo, useState } from "react";

import { createProgress, type ProgressController } from "~/lib/flows/progress";

/** The progress controller of lib/flows/progress.ts as React state. */
export function useSimulatedProgress(): { value: number; controller: ProgressController } {
  const [value, setValue] = useState(0);
  const controller = useMemo(() => createProgress({ onChange: setValue }), []);
  useEffect(() => () => controller.dispose(), [controller]);
  return { value, controller };
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const rounded = Math.round(value);
  return (
    <div>
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>{label}</span>
        <span data-testid="progress-value">{rounded}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rounded} className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-violet-500 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
