// `npm run db:repair`: repairs the journals of a data directory the engine refused to start on
// (the package's command-line tool, @flowmap/engine's src/cli/repair.ts, documents its options).
import "@flowmap/engine/cli/repair";
