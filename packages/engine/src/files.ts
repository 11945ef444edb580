/**
 * The data directory's files, for tools that work on them without running the engine: the
 * directory lock, journal scans and repair. `io` is the file layer the journal writes through;
 * tests replace its functions to simulate a full or failing disk.
 */
export { lockDataDirectory } from "./lock.js";
export { io } from "./journal.js";
export { listDatabaseDirectories, repairJournals, scanJournal, type JournalScan, type RepairResult } from "./storage.js";
