// Loaded with `node --import` into the production build (tests/support/production-build.mjs): holds
// the process at its exit for 1.5 s without running JavaScript, as a busy machine can. esbuild's
// service (Vite transpiles and minifies with it, and the engine worker is bundled with it) pings
// the build every second, so one ping is always waiting unanswered when the build's process ends.
// That is the moment esbuild's service printed its deadlock trace when the classic compiler left
// build contexts open (docs/decisions/114); the build must end cleanly all the same.
process.on("exit", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500));
