import { ClientLogos } from "./client-logos";
import { Features } from "./features";
import { FinalCta } from "./final-cta";
import { Hero } from "./hero";
import { HowItWorks } from "./how-it-works";
import { ResultsStats } from "./results-stats";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The signed-out landing page: header, hero, client logos, results stats,
 * four feature cards, four-step how-it-works, final call to action, footer.
 * Pure server-renderable markup: no state, no effects, nothing that needs JS to appear.
 */
export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Hero />
        <ClientLogos />
        <ResultsStats />
        <Features />
        <HowItWorks />
        <FinalCta />
      </main>
      <SiteFooter />
    </div>
  );
}
