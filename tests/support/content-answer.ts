/** A flow as the content writer is given it: its touchpoints, in step order. */
export interface FlowToWrite {
  companyName: string;
  touchpoints: Array<{ id: string; stepType: string; stepNumber: number }>;
}

/**
 * A model's content answer for a flow that passes every content rule: each touchpoint's message in
 * step order (an email's subject, preheader, body and button, or a text message), each one's
 * subject or text naming its step so it can be told apart on screen.
 */
export function contentAnswerFor(flow: FlowToWrite) {
  const touchpoints = flow.touchpoints.map((tp) =>
    tp.stepType === "SMS"
      ? { touchpointId: tp.id, subject: null, preheader: null, bodyText: null, callToAction: null, sms: `${flow.companyName}: a quick hello from us, step ${tp.stepNumber}` }
      : {
          touchpointId: tp.id,
          subject: `A note from us, part ${tp.stepNumber}`,
          preheader: "Here is what comes next.",
          bodyText: "Hi there,\n\nThanks for being here. Here is what to expect next, and where to find us when you need a hand.",
          callToAction: "See what is next",
          sms: null,
        },
  );
  return { touchpoints, content: JSON.stringify({ touchpoints }) };
}

/** Where the n-th touchpoint's message (0-based) begins in the answer: every message before it is whole there. */
export function messageStart(content: string, flow: FlowToWrite, n: number) {
  return content.indexOf(`{"touchpointId":"${flow.touchpoints[n]!.id}"`);
}
