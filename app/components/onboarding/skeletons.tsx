/** Grey placeholders in the shape of what is loading; hidden from assistive technology, which hears the status instead. */
export function SkeletonBlock({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

export function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
  );
}

/** The Onboarding Questions form while its answers load: section cards with label and field bars. */
export function AnswersFormSkeleton() {
  return (
    <div className="space-y-6" data-testid="answers-skeleton">
      <LoadingStatus label="Loading your answers..." />
      {[3, 2, 2, 4].map((fields, section) => (
        <div key={section} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <SkeletonBlock className="h-5 w-48" />
          <div className="mt-6 space-y-5">
            {Array.from({ length: fields }, (_, i) => (
              <div key={i} className="space-y-2">
                <SkeletonBlock className="h-4 w-2/3 max-w-sm" />
                <SkeletonBlock className="h-10 w-full" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
