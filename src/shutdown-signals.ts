// SIGTERM/SIGINT handling shared by `npm start` (src/main.ts) and the worker (workers/main.ts): the
// first signal starts a graceful shutdown, a second one exits at once. One Ctrl-C often arrives
// several times within milliseconds (SIGINT to the whole process group, npm forwarding it again, a
// parent's SIGTERM that follows): signals within `coalesceMs` of the first are that same request,
// not a second one.

/** A person pressing Ctrl-C again takes longer than this; duplicated deliveries take far less. */
const COALESCE_MS = 1000;

export interface ShutdownSignalHandlers {
  /** The first signal: start draining. */
  readonly drain: (signal: NodeJS.Signals) => void;
  /** A signal after the coalescing window: exit now. */
  readonly exitNow: (signal: NodeJS.Signals) => void;
  /** A signal within the window (logged, nothing else). */
  readonly coalesced?: (signal: NodeJS.Signals) => void;
  readonly coalesceMs?: number;
}

/** Listens to SIGTERM and SIGINT; returns the function that starts the shutdown itself (as a signal would). */
export function onShutdownSignals(handlers: ShutdownSignalHandlers): (signal: NodeJS.Signals) => void {
  let firstAt: number | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      handlers.drain(signal);
    } else if (Date.now() - firstAt < (handlers.coalesceMs ?? COALESCE_MS)) {
      handlers.coalesced?.(signal);
    } else {
      handlers.exitNow(signal);
    }
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
  return handle;
}
