import type { IncomingMessage, ServerResponse } from "node:http";

export function compressedStatic(
  dir: string,
  options: { cacheControl: string; headers: Record<string, string> },
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
