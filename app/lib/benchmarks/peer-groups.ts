/**
 * Which benchmark row speaks for a user (pure; shared by the card and the API). A row belongs to
 * a peer group: an industry and a business type, either of which may be "all". The seed's rows
 * are all-industries rows; an admin may add rows for one industry, one business type, or both.
 *
 * For each flow and indicator the most specific group that matches the user wins:
 *   1. their industry and their business type,
 *   2. their industry (any business type),
 *   3. their business type (all industries),
 *   4. all industries.
 * See docs/decisions/040-peer-benchmarks.md.
 */

export const ALL_INDUSTRIES = "All industries";
export const ALL_BUSINESS_TYPES = "All";

const ALL_INDUSTRY_NAMES = new Set(["", "all", "all industries", "any"]);
const ALL_BUSINESS_TYPE_NAMES = new Set(["", "all", "all business types", "any"]);

function norm(value: string | null | undefined) {
  return (value ?? "").trim().toLowerCase();
}

export function isAllIndustries(industry: string | null | undefined) {
  return ALL_INDUSTRY_NAMES.has(norm(industry));
}

export function isAllBusinessTypes(businessType: string | null | undefined) {
  return ALL_BUSINESS_TYPE_NAMES.has(norm(businessType));
}

export interface PeerKey {
  industry: string;
  businessType: string;
}

export interface PeerRow extends PeerKey {
  benchmarkType: string;
  performanceIndicator: string;
  industryMedian: string;
  source: string;
}

export type PeerMatch = "industry_and_business_type" | "industry" | "business_type" | "all_industries";

/** 0 is the best match; null when the row's group does not include the user. */
export function peerRank(row: PeerKey, user: Partial<PeerKey> | null | undefined): number | null {
  const rowAllIndustries = isAllIndustries(row.industry);
  const rowAllTypes = isAllBusinessTypes(row.businessType);
  const industryMatches = !rowAllIndustries && !isAllIndustries(user?.industry) && norm(row.industry) === norm(user?.industry);
  const typeMatches = !rowAllTypes && !isAllBusinessTypes(user?.businessType) && norm(row.businessType) === norm(user?.businessType);
  if (industryMatches && typeMatches) return 0;
  if (industryMatches && rowAllTypes) return 1;
  if (rowAllIndustries && typeMatches) return 2;
  if (rowAllIndustries && rowAllTypes) return 3;
  return null;
}

const MATCHES: readonly PeerMatch[] = ["industry_and_business_type", "industry", "business_type", "all_industries"];

/** The group's name as the card says it: 'E-commerce & Retail · eCommerce', 'All industries'. */
export function peerGroupLabel(row: PeerKey) {
  const industry = isAllIndustries(row.industry) ? ALL_INDUSTRIES : row.industry.trim();
  const type = isAllBusinessTypes(row.businessType) ? null : row.businessType.trim();
  return type ? `${industry} · ${type}` : industry;
}

export interface PeerChoice<R extends PeerRow> {
  row: R;
  match: PeerMatch;
  groupLabel: string;
}

/**
 * The row for one flow and indicator: the best-ranked group that includes the user. Ties (two
 * spellings of "all industries") go to the row listed first, so the choice is stable.
 */
export function choosePeerRow<R extends PeerRow>(
  rows: readonly R[],
  { benchmarkType, performanceIndicator }: { benchmarkType: string; performanceIndicator: string },
  user: Partial<PeerKey> | null | undefined,
): PeerChoice<R> | null {
  let best: { row: R; rank: number } | null = null;
  for (const row of rows) {
    if (row.benchmarkType !== benchmarkType || row.performanceIndicator !== performanceIndicator) continue;
    const rank = peerRank(row, user);
    if (rank === null) continue;
    if (!best || rank < best.rank) best = { row, rank };
  }
  return best ? { row: best.row, match: MATCHES[best.rank], groupLabel: peerGroupLabel(best.row) } : null;
}
