import { useCallback, useEffect, useRef, useState } from "react";

import { useSessionEnded } from "~/components/session-ended";
import type { FlowType } from "~/lib/flow-types";
import { fromStoredMetric, METRIC_KEYS, metricDefinition, readMetricInput, toStoredMetric, type MetricKey } from "~/lib/metrics";
import type { CardFlow } from "~/lib/benchmarks/card";

import { createKeyedDebouncer, createKeyedQueue, type KeyedDebouncer } from "./keyed-debounce";

/** A field saves itself 1000 ms after its last edit. */
export const METRIC_SAVE_DEBOUNCE_MS = 1000;

/** Dispatched on `window` after a figure is saved, so what depends on the figures (the scorecard) can refresh. */
export const METRICS_SAVED_EVENT = "flowmap:metrics-saved";

export type SectionStatus = { state: "idle" } | { state: "pending" } | { state: "saving" } | { state: "saved" } | { state: "error"; message: string };

type PerFlow<T> = Record<string, Record<string, T>>;

export const fieldKey = (flowType: FlowType, key: MetricKey) => `${flowType}:${key}`;

function textOf(value: number | null) {
  return value === null ? "" : String(value);
}

/** A save the server refused because the session has ended (the page then goes to sign-in). */
class SessionEndedError extends Error {}

export interface FormReplyLike {
  flowType: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
}

/**
 * The card's figures as the user types them. Each field keeps its own text (never overwritten by
 * a save's answer, so no keystroke is lost), is checked against the input rules at once, and is
 * saved through `POST /api/user-metrics` one second after its last edit. Saves of one field run
 * in order; a pending save is sent at once when the page is left.
 */
export function useMetricAutosave(flows: CardFlow[], reply: FormReplyLike | null | undefined) {
  const [texts, setTexts] = useState<PerFlow<string>>(() => {
    const initial: PerFlow<string> = {};
    for (const flow of flows) {
      initial[flow.flowType] = Object.fromEntries(flow.rows.map((row) => [row.key, textOf(row.value)]));
      if (reply?.flowType === flow.flowType) Object.assign(initial[flow.flowType], reply.values);
    }
    return initial;
  });
  const [saved, setSaved] = useState<PerFlow<number | null>>(() =>
    Object.fromEntries(flows.map((flow) => [flow.flowType, Object.fromEntries(flow.rows.map((row) => [row.key, row.value]))])),
  );
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    reply ? Object.fromEntries(Object.entries(reply.fieldErrors).map(([key, message]) => [`${reply.flowType}:${key}`, message])) : {},
  );
  const [status, setStatus] = useState<Record<string, SectionStatus>>({});

  const debouncer = useRef<KeyedDebouncer | null>(null);
  debouncer.current ??= createKeyedDebouncer(METRIC_SAVE_DEBOUNCE_MS);
  const enqueue = useRef(createKeyedQueue()).current;
  const active = useRef(new Map<string, number>());
  const endSession = useSessionEnded();

  const save = useCallback(
    (flowType: FlowType, key: MetricKey, value: number | null) => {
      const count = (active.current.get(flowType) ?? 0) + 1;
      active.current.set(flowType, count);
      setStatus((s) => ({ ...s, [flowType]: { state: "saving" } }));
      return enqueue(fieldKey(flowType, key), async () => {
        const response = await fetch("/api/user-metrics", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ flowType, [key]: toStoredMetric(value) }),
          credentials: "same-origin",
          keepalive: true,
        });
        const body: unknown = await response.json().catch(() => null);
        if (response.status === 401) throw new SessionEndedError("you are logged out.");
        if (!response.ok) {
          const errorsOf = body && typeof body === "object" && "errors" in body && body.errors && typeof body.errors === "object" ? body.errors : {};
          const fieldMessage: unknown = Reflect.get(errorsOf, key);
          const message: unknown = body && typeof body === "object" && "message" in body ? body.message : null;
          throw new Error(typeof fieldMessage === "string" ? fieldMessage : typeof message === "string" ? message : `${response.status}: ${response.statusText}`);
        }
        return body;
      }).then(
        (record) => {
          setSaved((s) => {
            const next = { ...s[flowType] };
            for (const metric of METRIC_KEYS) {
              const stored: unknown = record && typeof record === "object" ? Reflect.get(record, metric) : undefined;
              if (typeof stored === "number" || stored === null) next[metric] = fromStoredMetric(stored);
            }
            return { ...s, [flowType]: next };
          });
          const left = (active.current.get(flowType) ?? 1) - 1;
          active.current.set(flowType, left);
          if (left === 0) {
            setStatus((s) => (s[flowType]?.state === "error" ? s : { ...s, [flowType]: { state: "saved" } }));
            window.dispatchEvent(new CustomEvent(METRICS_SAVED_EVENT, { detail: { flowType } }));
          }
        },
        (error: unknown) => {
          const left = (active.current.get(flowType) ?? 1) - 1;
          active.current.set(flowType, left);
          if (error instanceof SessionEndedError) endSession();
          const message = `${metricDefinition(key).label} was not saved: ${error instanceof Error ? error.message : "please try again."}`;
          setStatus((s) => ({ ...s, [flowType]: { state: "error", message } }));
        },
      );
    },
    [enqueue, endSession],
  );

  const edit = useCallback(
    (flowType: FlowType, key: MetricKey, text: string) => {
      setTexts((t) => ({ ...t, [flowType]: { ...t[flowType], [key]: text } }));
      const id = fieldKey(flowType, key);
      const read = readMetricInput(metricDefinition(key), text);
      if (!read.ok) {
        debouncer.current?.cancel(id);
        setErrors((e) => ({ ...e, [id]: read.message }));
        return;
      }
      setErrors((e) => {
        if (!(id in e)) return e;
        const { [id]: _dropped, ...rest } = e;
        return rest;
      });
      setStatus((s) => ({ ...s, [flowType]: { state: "pending" } }));
      debouncer.current?.schedule(id, () => void save(flowType, key, read.value));
    },
    [save],
  );

  /** Sends the section's waiting saves now (the Save button with JavaScript). */
  const flushFlow = useCallback((flowType: FlowType) => {
    for (const key of METRIC_KEYS) debouncer.current?.flush(fieldKey(flowType, key));
  }, []);

  useEffect(() => {
    const flushAll = () => debouncer.current?.flush();
    window.addEventListener("pagehide", flushAll);
    return () => {
      window.removeEventListener("pagehide", flushAll);
      flushAll();
    };
  }, []);

  return { texts, saved, errors, status, edit, flushFlow };
}
