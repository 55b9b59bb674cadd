// A worker's start-up failures that starting again would not cure, said in the operator's terms: the
// setting, its value and what the machine answered, instead of a stack trace (workers/main.ts exits
// EXIT_CONFIGURATION for them, and `npm start` does not restart the worker: src/main.ts).
import { resolve } from "node:path";

export interface ConfigurationFailure {
  readonly setting: string;
  readonly message: string;
}

/** File-system answers that mean the directory itself is unusable, whatever the moment. */
const UNUSABLE_PATH = new Set([
  "ENOTDIR",
  "EACCES",
  "EPERM",
  "ENOENT",
  "EROFS",
  "EISDIR",
  "ENOSPC",
  "EDQUOT",
]);

/** The table step failed on a path in PDB_DIR (not a directory, not writable, full...). */
export function tablesFailure(error: unknown, pdbDir: string): ConfigurationFailure | undefined {
  const { code, path } = error as NodeJS.ErrnoException;
  if (code === undefined || !UNUSABLE_PATH.has(code) || typeof path !== "string") return undefined;
  const dir = resolve(pdbDir);
  if (!resolve(path).startsWith(dir)) return undefined;
  return {
    setting: "PDB_DIR",
    message: `PDB_DIR=${pdbDir} cannot hold the pattern databases: ${code} on ${path} (it must be a directory this process can write; build them elsewhere with \`npx puzzle pdb build\`, or set WORKER_PDBS=none)`,
  };
}

/**
 * The metrics endpoint could not listen: the port taken or not allowed (WORKER_METRICS_PORT), or HOST
 * no address of this machine or no name at all (getaddrinfo's ENOTFOUND: the name does not exist;
 * EAI_AGAIN, a resolver that did not answer, may pass and stays a plain start-up failure).
 */
export function metricsPortFailure(
  error: unknown,
  port: number,
  host: string,
): ConfigurationFailure | undefined {
  const { code } = error as NodeJS.ErrnoException;
  if (code === "EADDRINUSE")
    return {
      setting: "WORKER_METRICS_PORT",
      message: `WORKER_METRICS_PORT=${port}: ${host}:${port} is already in use (another process listens there; its /healthz, which the container healthcheck asks, would never answer)`,
    };
  if (code === "EACCES")
    return {
      setting: "WORKER_METRICS_PORT",
      message: `WORKER_METRICS_PORT=${port}: cannot listen on ${host}:${port} (${code})`,
    };
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return {
      setting: "HOST",
      message: `HOST=${host} ${code === "ENOTFOUND" ? "does not resolve" : "is not an address of this machine"} (${code}): the metrics endpoint (WORKER_METRICS_PORT=${port}) cannot listen there (use 127.0.0.1, 0.0.0.0 or one of this machine's addresses)`,
    };
  return undefined;
}
