import type { ReactNode } from "react";

type Brand = { name: string; mark: ReactNode; wordClass: string };

/** Invented brands, drawn as tiny inline-SVG marks plus styled text: no image requests. */
const BRANDS: Brand[] = [
  {
    name: "Fernwick",
    wordClass: "font-serif text-xl italic",
    mark: <path d="M12 21V9M12 13c-4 0-6-3-6-7 4 0 6 3 6 7Zm0 3c4 0 6-3 6-7-4 0-6 3-6 7Z" />,
  },
  {
    name: "Northloom",
    wordClass: "text-sm font-bold tracking-[0.2em] uppercase",
    mark: <path d="M4 20 12 4l8 16M8 13h8" />,
  },
  {
    name: "pebble&pour",
    wordClass: "text-lg font-semibold lowercase tracking-tight",
    mark: <ellipse cx="12" cy="14" rx="8" ry="6" />,
  },
  {
    name: "Quillbright",
    wordClass: "text-lg font-extrabold tracking-tight",
    mark: <path d="M19 4C11 6 6 11 5 20c4-6 9-9 14-16ZM5 20l4-4" />,
  },
  {
    name: "Marigold & Main",
    wordClass: "font-serif text-lg font-semibold",
    mark: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
      </>
    ),
  },
  {
    name: "halcyra",
    wordClass: "font-mono text-lg font-semibold",
    mark: <path d="M3 15c3-6 6-6 9 0s6 6 9 0" />,
  },
];

export function ClientLogos() {
  return (
    <section aria-labelledby="logos-heading" className="border-y border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="logos-heading" className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Trusted by growing brands
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-5 lg:justify-between">
          {BRANDS.map((brand) => (
            <li key={brand.name} className="flex items-center gap-2 text-slate-500">
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6 shrink-0"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {brand.mark}
              </svg>
              <span className={`whitespace-nowrap ${brand.wordClass}`}>{brand.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
