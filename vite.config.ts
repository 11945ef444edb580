import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

import remixOptions from "./remix.options.js";

// The app's build (`npm run build`, scripts/build.mjs) and its development server (`npm run dev`,
// server/index.js): Remix's Vite plugin with the routes and future flags of remix.options.js. It
// writes the browser's files to build/client (served from /assets/) and the server build to
// build/server/index.js. The import aliases (`~/…` → app/) come from tsconfig.json's `paths`.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixOptions), tsconfigPaths({ projects: ["./tsconfig.json"] })],
  // The server build runs on the Node versions package.json's `engines` names (its entry awaits
  // the app's start-up at the top level).
  // The gzip sizes Vite prints for every file are left out: they cost seconds of each build, and
  // `npx tsx bench/bundles.ts` measures what counts, the JavaScript per page.
  build: { reportCompressedSize: false, ...(isSsrBuild ? { target: "node20" } : {}) },
}));
