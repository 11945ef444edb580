import { useId } from "react";

import { labelWidth, layoutTimeline, TIMELINE, triggerAndExits, type TimelineNode, type TimelineTouchpoint } from "~/lib/flows/timeline";

const CHANNEL_STYLE = {
  Email: { fill: "#2563eb", soft: "#dbeafe", text: "#1e40af" },
  SMS: { fill: "#059669", soft: "#d1fae5", text: "#065f46" },
} as const;

/**
 * The flow as a diagram: touchpoints along a time axis from the trigger, one lane per channel
 * (told apart by lane label, node shape and colour), waits to scale, the exit at the end.
 * Rendered on the server as SVG; the text alternative is the layout's description plus a list.
 */
/** About the room the diagram has beside the sidebar on a 1280 px screen. */
const TIMELINE_ROOM_PX = 956;

export function FlowTimeline({ touchpoints, flowLabel, quickNotes }: { touchpoints: readonly TimelineTouchpoint[]; flowLabel: string; quickNotes: string }) {
  const id = useId();
  const { trigger, exitRules } = triggerAndExits(quickNotes);
  const exitLabel = exitRules.length ? `Exit when: ${exitRules.join("; ")}` : "Exit after the last step";
  const layout = layoutTimeline(touchpoints, { exitLabel });
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const start = layout.trigger.x;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="flow-timeline">
      <figcaption className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <span className="text-sm font-semibold text-slate-900">Timeline</span>
        <span className="flex items-center gap-4 text-xs text-slate-600" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-full bg-blue-600" /> Email
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-[3px] bg-emerald-600" /> SMS
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-0.5 w-4 bg-orange-500" /> Wait
          </span>
          {layout.stretched.length ? (
            <span className="flex items-center gap-1.5">
              <span className="w-4 border-t-2 border-dotted border-slate-400" /> Widened to fit
            </span>
          ) : null}
          {layout.breaks.length ? (
            <span className="flex items-center gap-1.5">
              <span className="font-semibold text-slate-500">//</span> Long wait shortened
            </span>
          ) : null}
          {layout.nodes.some((node) => node.anchored) ? (
            <span className="flex items-center gap-1.5">
              <span className="h-3 w-3 rounded-full border-2 border-dashed border-slate-500" /> Timed from a date (placed where it usually falls)
            </span>
          ) : null}
        </span>
      </figcaption>
      {/* Wider than a phone: it scrolls sideways, and the scroll area takes keyboard focus. The
          edge that has more to see is shaded (CSS scroll shadows, no JavaScript), and a diagram
          wider than the room beside the sidebar at 1280 px says so in words. */}
      {layout.width > TIMELINE_ROOM_PX ? (
        <p className="px-4 pb-1 text-xs text-slate-500 sm:px-5" data-testid="timeline-scroll-hint">
          The timeline is wider than the screen: scroll sideways to see every step and the exit →
        </p>
      ) : null}
      <div className="timeline-scroll overflow-x-auto" tabIndex={0} role="group" aria-label={`${flowLabel} timeline, scrolls sideways`}>
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="block"
          fontFamily="inherit"
        >
          <title id={titleId}>{`${flowLabel} flow timeline`}</title>
          <desc id={descId}>{layout.description}</desc>

          {layout.lanes.map((lane) => (
            <g key={lane.stepType}>
              <line x1={start} x2={layout.exit.x} y1={lane.y} y2={lane.y} stroke="#e2e8f0" strokeWidth={2} strokeDasharray="4 6" />
              <text x={16} y={lane.y + 4} fontSize={12} fontWeight={600} fill={CHANNEL_STYLE[lane.stepType].text}>
                {lane.stepType}
              </text>
            </g>
          ))}

          {/* Time axis with ticks. */}
          <line x1={start} x2={layout.exit.x} y1={layout.axisY} y2={layout.axisY} stroke="#94a3b8" strokeWidth={1.5} />
          {/* Stretches widened so that close steps stay apart are dotted: that time is not to scale. */}
          {layout.stretched.map((span) => (
            <g key={`stretch-${span.x1}`} data-testid="timeline-stretch">
              <line x1={span.x1 + 4} x2={span.x2 - 4} y1={layout.axisY} y2={layout.axisY} stroke="#fff" strokeWidth={3} />
              <line x1={span.x1 + 4} x2={span.x2 - 4} y1={layout.axisY} y2={layout.axisY} stroke="#94a3b8" strokeWidth={2} strokeDasharray="1 4" strokeLinecap="round" />
            </g>
          ))}
          {/* A long wait is cut short: the axis breaks (two slashes), and the break names the time it stands for. */}
          {layout.breaks.map((cut) => (
            <g key={`break-${cut.x1}`} data-testid="timeline-break" data-minutes={cut.minutes}>
              <title>{`Axis shortened here: ${cut.label} not drawn to scale`}</title>
              <line x1={cut.x1} x2={cut.x2} y1={layout.axisY} y2={layout.axisY} stroke="#fff" strokeWidth={4} />
              {[-4, 4].map((dx) => (
                <line
                  key={dx}
                  x1={(cut.x1 + cut.x2) / 2 + dx - 4}
                  x2={(cut.x1 + cut.x2) / 2 + dx + 4}
                  y1={layout.axisY + 7}
                  y2={layout.axisY - 7}
                  stroke="#64748b"
                  strokeWidth={1.5}
                />
              ))}
            </g>
          ))}
          {layout.ticks.map((tick) => (
            <g key={tick.minutes} data-testid="timeline-tick" data-minutes={tick.minutes}>
              <line x1={tick.x} x2={tick.x} y1={layout.axisY - 4} y2={layout.axisY + 4} stroke="#94a3b8" />
              <text x={tick.x} y={layout.axisY + 18} fontSize={11} fill="#64748b" textAnchor="middle">
                {tick.label}
              </text>
            </g>
          ))}

          {/* Waits, drawn on the axis in orange. */}
          {layout.waits.map((wait) => (
            <g key={wait.key}>
              {/* A shortened label ("23 h") says the whole wait on hover. */}
              {wait.text === wait.label ? null : <title>{wait.label}</title>}
              <line
                x1={wait.x1 + 6}
                x2={wait.x2 - 6}
                y1={layout.axisY - 12}
                y2={layout.axisY - 12}
                stroke="#f97316"
                strokeWidth={3}
                strokeLinecap="round"
                // A wait whose length is not known (into or out of a step timed from a date) is dashed.
                strokeDasharray={wait.fixed ? undefined : "2 6"}
                data-testid={wait.fixed ? "timeline-wait" : "timeline-then"}
                data-minutes={wait.minutes}
              />
              <text
                x={(wait.x1 + wait.x2) / 2}
                y={layout.axisY - 20 - wait.labelRow * TIMELINE.LABEL_ROW_PX}
                fontSize={TIMELINE.LABEL_FONT_PX}
                fontWeight={600}
                fill="#c2410c"
                textAnchor="middle"
              >
                {wait.text}
              </text>
            </g>
          ))}

          {/* Trigger and exit: marks across the lanes, named under the axis. */}
          <g>
            <line x1={start} x2={start} y1={TIMELINE.TOP_PX - 24} y2={layout.axisY} stroke="#334155" strokeWidth={2} />
            <rect x={start - 30} y={layout.axisY + 8} width={60} height={20} rx={10} fill="#1e293b" />
            <text x={start} y={layout.axisY + 22} fontSize={11} fontWeight={600} fill="#fff" textAnchor="middle">
              Trigger
            </text>
          </g>
          <g>
            <line x1={layout.exit.x} x2={layout.exit.x} y1={TIMELINE.TOP_PX - 24} y2={layout.axisY} stroke="#94a3b8" strokeWidth={2} strokeDasharray="3 3" />
            <rect x={layout.exit.x - 26} y={layout.axisY + 8} width={52} height={20} rx={10} fill="#f1f5f9" stroke="#cbd5e1" />
            <text x={layout.exit.x} y={layout.axisY + 22} fontSize={11} fontWeight={600} fill="#334155" textAnchor="middle">
              Exit
            </text>
          </g>

          {layout.nodes.map((node) => (
            <Node key={node.id} node={node} triggerX={start} />
          ))}
        </svg>
      </div>
      {trigger || exitRules.length ? (
        <dl className="grid gap-3 border-t border-slate-100 px-5 py-3 text-sm sm:grid-cols-2">
          {trigger ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Trigger</dt>
              <dd className="mt-0.5 text-slate-700">{trigger}</dd>
            </div>
          ) : null}
          {exitRules.length ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Exit rules</dt>
              <dd className="mt-0.5 text-slate-700">
                <ul className="list-inside list-disc">
                  {exitRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <ol className="sr-only">
        {layout.nodes.map((node) => (
          <li key={node.id}>{`Step ${node.stepNumber}, ${node.stepType}: ${node.title}, ${node.timeText}`}</li>
        ))}
        <li>{exitLabel}</li>
      </ol>
    </figure>
  );
}

/** Room kept between the trigger's line and the first title. */
const TITLE_CLEARANCE_PX = 8;

function Node({ node, triggerX }: { node: TimelineNode; triggerX: number }) {
  const style = CHANNEL_STYLE[node.stepType];
  const r = TIMELINE.NODE_RADIUS;
  // A title centred on a step just after the trigger would reach over the trigger's line: it moves right, clear of it.
  const titleX = Math.max(node.x, triggerX + TITLE_CLEARANCE_PX + labelWidth(node.shortTitle, TIMELINE.TITLE_FONT_PX) / 2);
  return (
    <g data-testid="timeline-node" data-step-type={node.stepType} data-minutes={node.minutes} data-anchored={node.anchored || undefined}>
      <title>{`Step ${node.stepNumber} (${node.stepType}): ${node.title}. ${node.timeText}`}</title>
      {node.stepType === "Email" ? (
        <circle cx={node.x} cy={node.y} r={r} fill={style.fill} stroke="#fff" strokeWidth={3} />
      ) : (
        <rect x={node.x - r} y={node.y - r} width={r * 2} height={r * 2} rx={6} fill={style.fill} stroke="#fff" strokeWidth={3} />
      )}
      {/* Timed from a date: a dashed ring says its place on the axis is an estimate. */}
      {node.anchored ? <circle cx={node.x} cy={node.y} r={r + 5} fill="none" stroke="#475569" strokeWidth={1.5} strokeDasharray="3 3" /> : null}
      <text x={node.x} y={node.y + 4} fontSize={12} fontWeight={700} fill="#fff" textAnchor="middle">
        {node.stepNumber}
      </text>
      {node.labelRow === 1 ? <line x1={node.x} x2={node.x} y1={node.y - r - 4} y2={node.y - r - 18} stroke="#cbd5e1" /> : null}
      <text x={titleX} y={node.y - r - 8 - node.labelRow * 16} fontSize={TIMELINE.TITLE_FONT_PX} fontWeight={600} fill="#0f172a" textAnchor="middle" data-testid="timeline-title">
        {node.shortTitle}
      </text>
      <text x={node.x} y={node.y + r + 15} fontSize={TIMELINE.LABEL_FONT_PX} fill="#475569" textAnchor="middle">
        {node.shortTime}
      </text>
    </g>
  );
}
