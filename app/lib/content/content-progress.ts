import type { z } from "zod";

import type { contentProgressSchema } from "~/lib/api/responses";

/**
 * Content a model is writing for a flow's touchpoints, as the content page and the API read it
 * (decision 173): the messages so far while it runs, then how it ended. Client-safe.
 */
export type ContentProgressView = z.infer<typeof contentProgressSchema>;
export type StreamedMessageView = ContentProgressView["messages"][number];

/** The address of a content writing's progress (its API resource). */
export function contentProgressHref(id: string) {
  return `/api/ai-flow-content-writings/${encodeURIComponent(id)}`;
}

/** The same progress as Server-Sent Events. */
export function contentProgressEventsHref(id: string) {
  return `${contentProgressHref(id)}/events`;
}

/** The line the content page shows while the model writes. */
export function contentProgressLine(progress: Pick<ContentProgressView, "attempt" | "messages">, touchpointCount: number): string {
  const count = progress.messages.filter((message) => message.complete).length;
  const written = progress.messages.length === 0 ? "Waiting for the first message…" : `${count} of ${touchpointCount} message${touchpointCount === 1 ? "" : "s"} written so far…`;
  if (progress.attempt > 1) return `Rewriting the content so it follows every rule. ${written}`;
  return written;
}

/**
 * What a failure says, in plain words: the reason, what became of the messages shown (never
 * saved) and of the flow's content (as it was), and what to do next.
 */
export function contentFailureText(progress: Pick<ContentProgressView, "messagesShown" | "error">, hadContent: boolean): string {
  const reason = progress.error?.message ?? "The content could not be written.";
  const shown = progress.messagesShown;
  const messages = shown > 0 ? ` The ${shown === 1 ? "message" : `${shown} messages`} shown while it was written ${shown === 1 ? "was" : "were"} not saved.` : "";
  const kept = hadContent ? " Your previous content is unchanged." : " No content was saved.";
  return `${reason}${messages}${kept} Use the button above to write it again.`;
}
