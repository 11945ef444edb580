// Share 3 of the fuzz and authorization harness (tests/integration/security/harness.ts).
import { walkShard } from "./harness";

await walkShard(3);
