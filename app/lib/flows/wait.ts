/**
 * What the screen says about the wait for a model's flow, from what this server's model has
 * recently taken (decision 129): "Usually about 40 seconds with your model". Before any request
 * has succeeded, the most the configured timeout lets it take. The offline generator's screens
 * keep their own words (the spec's "This may take 1-3 minutes").
 */

/** "40 seconds", "about a minute", "3 minutes": the typical time, said the way people say it. */
export function spokenDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 55) return `${Math.max(5, Math.round(seconds / 5) * 5)} seconds`;
  if (seconds < 90) return "a minute";
  return `${Math.round(seconds / 60)} minutes`;
}

/** The line under the Generate button (or in the Regenerate dialog) while a model writes the flow. */
export function modelWaitText({ typicalMs, limitMs }: { typicalMs: number | null; limitMs: number }): string {
  if (typicalMs !== null) return `Usually about ${spokenDuration(typicalMs)} with your model`;
  const minutes = Math.max(1, Math.ceil(limitMs / 60_000));
  return `This can take up to ${minutes} minute${minutes === 1 ? "" : "s"} with your model`;
}
