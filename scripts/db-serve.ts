// `npm run db:serve`: the embedded engine alone, in the foreground (the package's command-line
// tool, @flowmap/engine's src/cli/serve.ts, documents its options).
import "@flowmap/engine/cli/serve";
