/**
 * One engine per data directory. Two engines appending to the same journals would corrupt
 * them, so the directory is locked with a pid file. A lock left by a process that no longer
 * exists (kill -9, power loss) is taken over.
 */
import { closeSync, openSync, readFileSync, realpathSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

const LOCK_FILE = "engine.lock";
/** Directories locked by engines of this process (a pid file cannot tell them apart). */
const lockedHere = new Set<string>();

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Locks `dbPath` (which must exist). Returns the function that releases the lock. */
export function lockDataDirectory(dbPath: string): () => void {
  const dir = realpathSync(dbPath);
  if (lockedHere.has(dir)) throw new Error(`dbPath ${dbPath} is already used by another engine in this process`);
  const path = join(dir, LOCK_FILE);
  const contents = `${process.pid}\n`;
  try {
    const fd = openSync(path, "wx", 0o600);
    try {
      writeSync(fd, contents);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number.parseInt(readFileSync(path, "utf8"), 10);
    if (Number.isInteger(owner) && owner !== process.pid && processExists(owner)) {
      throw new Error(`dbPath ${dbPath} is in use by process ${owner} (${path})`);
    }
    writeFileSync(path, contents, { mode: 0o600 }); // stale lock of a process that is gone
  }
  lockedHere.add(dir);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    lockedHere.delete(dir);
    try {
      if (readFileSync(path, "utf8") === contents) unlinkSync(path);
    } catch {
      /* already gone */
    }
  };
}
