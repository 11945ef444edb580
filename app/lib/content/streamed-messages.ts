import { z } from "zod";

import { BODY_TEXT_MAX, CALL_TO_ACTION_MAX, PREHEADER_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { createJsonStreamReader } from "~/lib/json-stream";

/**
 * The messages of a flow a model is still writing, as the content page shows them while it waits
 * (decision 173): each touchpoint's email (subject, preheader, body, button) or text message field
 * by field, as soon as each field is written whole, marked complete once the whole message is. A
 * preview, never stored: the answer is held to every content rule whole when it has arrived.
 */
/** The most messages a preview keeps (a flow has at most 8 touchpoints; a runaway answer is cut here). */
export const MAX_STREAMED_MESSAGES = 20;
/** The longest text message a preview shows (a few segments; the rules are checked on the whole answer). */
const SMS_PREVIEW_MAX = 1000;

/** A written field as a preview shows it: trimmed and clipped to its rule's length, null when it is not text. */
const previewText = (max: number) =>
  z
    .string()
    .nullable()
    .transform((value) => (value === null ? null : value.trim().slice(0, max) || null))
    .catch(null);

/** What a preview shows of one touchpoint's copy: lenient, since the answer is checked whole later. */
export const streamedMessageSchema = z.object({
  touchpointId: z.string().trim().min(1).max(100),
  subject: previewText(SUBJECT_MAX),
  preheader: previewText(PREHEADER_MAX),
  bodyText: previewText(BODY_TEXT_MAX),
  callToAction: previewText(CALL_TO_ACTION_MAX),
  sms: previewText(SMS_PREVIEW_MAX),
});
/** A message as shown: `complete` is false while the model is still writing its fields. */
export type StreamedMessage = z.infer<typeof streamedMessageSchema> & { complete: boolean };

/** Where the messages are in a content answer: `touchpoints`, one per touchpoint. */
const MESSAGES_AT = "touchpoints";

/**
 * Reads a content answer's text as it arrives and calls `onMessages` with every message so far
 * each time one changes: a message shows once its touchpoint and one field of text are written,
 * gains each field as it is written whole (never a field cut short), and is complete once the
 * whole message is. A message with no text at all, or for a touchpoint already shown, is not
 * shown. `begin` starts over (a repair writes the answer again).
 */
export function streamedMessagesReader(onMessages: (messages: StreamedMessage[], attempt: number) => void) {
  let messages: StreamedMessage[] = [];
  /** Where each shown message is in the answer's list. */
  let positions: number[] = [];
  let attempt = 0;
  const show = (value: unknown, position: number, complete: boolean) => {
    const message = streamedMessageSchema.safeParse(value);
    if (!message.success) return;
    const { touchpointId, ...fields } = message.data;
    if (Object.values(fields).every((field) => field === null)) return;
    if (messages.some((shown, at) => shown.touchpointId === touchpointId && positions[at] !== position)) return;
    const next: StreamedMessage = { ...message.data, complete };
    const at = positions.indexOf(position);
    if (at === -1) {
      if (messages.length >= MAX_STREAMED_MESSAGES) return;
      messages = [...messages, next];
      positions = [...positions, position];
    } else {
      if (JSON.stringify(messages[at]) === JSON.stringify(next)) return;
      messages = messages.map((shown, index) => (index === at ? next : shown));
    }
    onMessages(messages, attempt);
  };
  const start = () => {
    /** The fields written so far of the message being written, and where it is in the list. */
    let writing: { position: number; fields: Record<string, unknown> } | null = null;
    return createJsonStreamReader((path, value) => {
      if (path[0] !== MESSAGES_AT || typeof path[1] !== "number") return;
      const position = path[1];
      if (path.length === 3 && typeof path[2] === "string") {
        if (writing?.position !== position) writing = { position, fields: {} };
        writing.fields[path[2]] = value;
        show(writing.fields, position, false);
      } else if (path.length === 2) {
        writing = null;
        show(value, position, true);
      }
    });
  };
  let reader = start();
  return {
    begin() {
      attempt += 1;
      messages = [];
      positions = [];
      reader = start();
      onMessages(messages, attempt);
    },
    text(piece: string) {
      reader.write(piece);
    },
  };
}
