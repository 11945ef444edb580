/**
 * What the 'Touchpoint Updated' toast says. A new delay can move the step (steps stay in time
 * order), which the user would otherwise only notice by reading the list again: the toast says
 * where it went.
 */
export function touchpointSavedMessage({
  touchpointId,
  previousStepNumber,
  touchpoints,
}: {
  touchpointId: string;
  previousStepNumber: number;
  /** The flow's steps as they are now, in step order. */
  touchpoints: ReadonlyArray<{ id: string; title: string }>;
}): string {
  const index = touchpoints.findIndex((tp) => tp.id === touchpointId);
  const saved = touchpoints[index];
  if (!saved) return "The touchpoint was saved.";
  const done = `“${saved.title}” was saved.`;
  const stepNumber = index + 1;
  if (stepNumber === previousStepNumber) return done;
  const before = touchpoints[index - 1];
  const place = before ? `now comes after “${before.title}” (it is step ${stepNumber})` : "now comes first";
  return `${done} It ${place}, so the steps were reordered.`;
}
