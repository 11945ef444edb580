// Share 1 of the fuzz and authorization harness (tests/integration/security/harness.ts).
import { vi } from "vitest";

process.env.FLOWMAP_SCRYPT_LOG_N = "10";
delete process.env.ADMIN_EMAILS;

// The build's entry opens the app's own database when it loads; here the test database is used.
vi.mock("~/services/startup.server", () => ({
  startServer: async () => undefined,
}));

const { walkShard } = await import("./harness");
walkShard(1);
