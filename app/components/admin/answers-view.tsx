import { formatCell } from "~/components/ui/data-table";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "~/lib/questionnaire/fields";
import { isServiceRetail } from "~/lib/questionnaire/options";
import { CHOICE_LABELS, QUESTIONS } from "~/lib/questionnaire/questions";

type Answers = Record<string, string | string[] | undefined>;

const CHOICE_FIELDS = ["companyName", "businessType", "industry", "communicationChannels", "conversionGoal", "serviceInnovation", "upsellOpportunities"] as const;
const SERVICE_FIELDS = ["bookingTimeline", "customerFrequency", "demandSeasonality", "purchaseDecisionTimeline"] as const;
const GENERAL = [...GENERAL_FIELDS.slice(0, 3), "businessOperationDescription" as const, ...GENERAL_FIELDS.slice(3)];

function Answer({ label, value }: { label: string; value: string | string[] | undefined }) {
  const text = Array.isArray(value) ? value.join(", ") : value;
  return (
    <div className="py-3 sm:grid sm:grid-cols-5 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 sm:col-span-2">{label}</dt>
      <dd className="mt-1 text-sm whitespace-pre-line text-slate-900 sm:col-span-3 sm:mt-0">{formatCell(text)}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 px-4">
      <h3 className="border-b border-slate-100 py-3 text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** Every answer of one onboarding response, read only, in the order the answers page asks them. */
export function AnswersView({ answers }: { answers: Answers }) {
  const service = isServiceRetail(typeof answers.businessType === "string" ? answers.businessType : "");
  return (
    <div className="space-y-4" data-testid="answers-view">
      <Section title="Basic Information">
        {CHOICE_FIELDS.map((field) => (
          <Answer key={field} label={CHOICE_LABELS[field]} value={answers[field]} />
        ))}
      </Section>
      {service ? (
        <Section title="Service Business Details">
          {SERVICE_FIELDS.map((field) => (
            <Answer key={field} label={CHOICE_LABELS[field]} value={answers[field]} />
          ))}
        </Section>
      ) : null}
      <Section title="General Business Information">
        {GENERAL.map((field) => (
          <Answer key={field} label={QUESTIONS[field].label} value={answers[field]} />
        ))}
      </Section>
      <Section title="Onboarding Strategy Questions">
        {ONBOARDING_FIELDS.map((field) => (
          <Answer key={field} label={QUESTIONS[field].label} value={answers[field]} />
        ))}
      </Section>
      <Section title="Lead Nurture Questions">
        {LEAD_NURTURE_FIELDS.map((field) => (
          <Answer key={field} label={QUESTIONS[field].label} value={answers[field]} />
        ))}
      </Section>
    </div>
  );
}
