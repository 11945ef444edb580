// `npm run build`: the Remix build, then the engine's worker bundle (scripts/build-engine-worker.mjs).
//
// Runs Remix's compiler in this process instead of through the `remix` command: that command ends
// with `process.exit(0)` the moment the build resolves, while esbuild's service process (Go) may
// have a keep-alive ping waiting in the pipe, unread because the compiler kept the event loop
// busy. Cut off mid-request, esbuild 0.17 stops with "fatal error: all goroutines are asleep -
// deadlock!" and a stack trace. Here the loop gets one idle turn first, so a waiting ping is read
// and answered before the exit, and the service sees a clean end of input (docs/decisions/065).
// (The exit stays explicit: the compiler's esbuild contexts would keep the process alive.)
import { createRequire } from "node:module";

const { cli } = createRequire(import.meta.url)("@remix-run/dev");

let code = 0;
try {
  await cli.run(["build"]);
  await import("./build-engine-worker.mjs");
} catch (error) {
  console.error(error);
  code = 1;
}
// One turn of the event loop: its poll phase reads whatever esbuild has written, answers go out.
await new Promise((resolve) => setTimeout(resolve, 50));
process.exit(code);
