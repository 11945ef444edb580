import { UNKNOWN_FIELD_MESSAGE } from "~/services/domain-error";

/**
 * The query parameters an API route takes, declared by the route module as
 * `export const queryParameters = [...]` (none when it declares nothing; "any" for a browser
 * navigation whose parameters an identity provider chooses). The request boundary refuses any
 * other with a 422 naming it, on every API route, as a body's unknown field is refused.
 */
export type QueryParameters = readonly string[] | "any";

export const QUERY_PARAMETER_EXPORT = "queryParameters";

/** The parameters of `url` the route module does not take, each with the message for it. */
export function unknownQueryParameters(module: Record<string, unknown>, url: URL): Record<string, string> {
  const declared = module[QUERY_PARAMETER_EXPORT] as QueryParameters | undefined;
  if (declared === "any") return {};
  const taken = new Set(declared ?? []);
  return Object.fromEntries([...new Set(url.searchParams.keys())].filter((name) => !taken.has(name)).map((name) => [name, UNKNOWN_FIELD_MESSAGE]));
}
