// Loaded into the app's own process by bench/event-loop.ts (`node --import`): samples the app's
// event-loop delay while the bench, in another process, sends the load. Controlled over the IPC
// channel: { measure: "start" } resets and starts the histogram, { measure: "stop" } answers
// with its figures, { ask: "db" } answers with the app's database address.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/** CPU time (user + system, ms) of one thread of this process, or null without /proc. */
function threadCpuMs(tid) {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100
  } catch {
    return null;
  }
}

function processCpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

if (process.send) {
  let histogram = null;
  let started = null;
  let gcTotal = 0;
  let gcMax = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcTotal += entry.duration;
      gcMax = Math.max(gcMax, entry.duration);
    }
  });
  process.on("message", (message) => {
    if (message?.measure === "start") {
      histogram?.disable();
      histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      gcTotal = 0;
      gcMax = 0;
      gcObserver.observe({ entryTypes: ["gc"] });
      started = { main: threadCpuMs(process.pid), all: processCpuMs() };
    } else if (message?.measure === "stop" && histogram) {
      histogram.disable();
      gcObserver.disconnect();
      const main = threadCpuMs(process.pid);
      const ms = (ns) => ns / 1e6;
      process.send({
        figures: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          samples: histogram.count,
          mainThreadCpuMs: main !== null && started.main !== null ? main - started.main : null,
          processCpuMs: processCpuMs() - started.all,
          gcPauseTotalMs: gcTotal,
          gcPauseMaxMs: gcMax,
        },
      });
      histogram = null;
    } else if (message?.ask === "db") {
      const file = path.join(process.env.DATA_DIR ?? "data", "db", "engine.uri");
      const uri = process.env.MONGODB_URI || (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null);
      process.send({ db: uri });
    }
  });
  // The channel must not keep a stopped app alive.
  process.channel?.unref();
}
