import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { FlowType } from "~/lib/flow-types";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * The evaluation corpus (tests/eval/corpus/README.md): 40 businesses as their owners typed them,
 * each with what a lifecycle marketer holds its flows to. Read as data only: the checks read
 * `expect` directly and never ask the product how it understood the answers.
 */

/** The ten business models, in the corpus README's order (the rows of the eval's table). */
export const MODELS = ["shop", "subscription", "appointment", "local-visit", "pickup", "high-ticket", "saas-trial", "b2b-service", "course", "membership"] as const;
export type Model = (typeof MODELS)[number];

export interface CorpusOffer {
  text: string;
  code: string | null;
  flows: FlowType[];
}

export interface Expectations {
  words: { avoid: string[]; use: string[] };
  anchor: string;
  goal: string;
  onboardingStarts: string;
  offers: CorpusOffer[];
  noOffers: boolean;
  mustNotClaim: string[];
  brandRules: string[];
  repeatCycleDays: number | null;
}

export interface CorpusBusiness {
  /** "09-dermalux": the file name without .json. */
  id: string;
  model: Model;
  answers: QuestionnaireAnswers;
  expect: Expectations;
}

export const CORPUS_DIR = fileURLToPath(new URL("./corpus/", import.meta.url));

/** Every business of the corpus, in file order; `only` keeps those whose id starts with it ("09", "09-derm"). */
export function loadCorpus(only?: string): CorpusBusiness[] {
  const dir = path.join(CORPUS_DIR, "businesses");
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => readBusiness(path.join(dir, file)))
    .filter((business) => !only || business.id.startsWith(only));
}

function readBusiness(file: string): CorpusBusiness {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as { model: Model; answers: Partial<QuestionnaireAnswers>; expect: Expectations };
  return { id: path.basename(file, ".json"), model: raw.model, answers: { ...emptyAnswers(), ...raw.answers }, expect: raw.expect };
}
