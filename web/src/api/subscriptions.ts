// Subscriptions over graphql-ws on the same path. One lazy connection for the whole page; the token
// goes in the `connection_init` payload as `{ authorization: "Bearer <token>" }`. Signing in or out
// closes the connection and starts every open subscription again on a new one with the new token
// (before, they stopped for good until a reload), and `onReconnect` listeners refetch (at once when
// nothing was live: the views show what the new user may see).
//
// A server that goes away (a restart, a deploy) is waited for: the client reconnects with a capped
// backoff for a few minutes and re-subscribes, so a solve's progress (whose first event is the stored
// state) and the live lists carry on. Listeners of `onReconnect` refetch what they may have missed.
//
// The server closes a socket whose token it no longer accepts: 4401 when the token is rotated or revoked
// with the socket open, 4403 "UNAUTHENTICATED: …" when it is refused at connection_init. That is not a
// lost connection (before, it said "Live updates stopped: the server cannot be reached"): the page signs
// out saying why (session.tokenRefused), and the subscriptions go on anonymously on a new connection;
// when this page replaced its own token (session.replaceToken), they go on with the new one.
//
// `onLiveStatus` hears the connection once for the whole page, not once per subscription: "lost" when
// it drops while subscriptions are open (the retries go on quietly), "back" when it is made again,
// "stopped" when the retries ran out (every open subscription then ends with the same error, which
// `isLiveGiveUp` tells the panels to leave to the page's one status line), and "idle" when signing in
// or out replaced a client that was still retrying, or the last subscription ended while it was.
import { createClient, type Client } from "graphql-ws";
import type { TypedDocumentString } from "../gql/graphql.ts";
import { ApiError, type GraphQLErrorShape } from "./errors.ts";
import { GRAPHQL_PATH, isTokenRefused } from "./graphql.ts";
import { authorization, currentSession, onSessionChange, tokenRefused, tokenSettled } from "./session.ts";

let client: Client | undefined;
const reconnectListeners = new Set<() => void>();

export type LiveStatus = "lost" | "back" | "stopped" | "idle";
const statusListeners = new Set<(status: LiveStatus) => void>();
/** A subscription started and not yet ended, as started (so that it can be started again). */
interface OpenSubscription {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  readonly handlers: SubscriptionHandlers<unknown>;
  /** Stops it on the client it runs on; its events from there are ignored from then on. */
  stop: () => void;
}
/** The open subscriptions: a socket closing with none open is the lazy close. */
const open = new Set<OpenSubscription>();
/** Set when signing in or out moved open subscriptions to a new client: its first connection refetches. */
let moved = false;
let state: "up" | "lost" | "stopped" = "up";
/** The errors subscriptions ended with when the retries ran out. */
const giveUps = new WeakSet<ApiError>();

function setState(next: typeof state, status: LiveStatus): void {
  state = next;
  for (const listener of statusListeners) listener(status);
}

/** Attempts to reconnect after the connection is lost: at most RETRY_CAP_MS apart, about 5 minutes in all. */
const RETRY_ATTEMPTS = 35;
const RETRY_CAP_MS = 10_000;

function retryWait(retries: number): Promise<void> {
  const ms = Math.min(500 * 2 ** retries, RETRY_CAP_MS) + Math.random() * 500;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** graphql-ws' close for a token rotated or revoked with the socket open (the server's CLOSE_TOKEN_REVOKED). */
const CLOSE_TOKEN_REVOKED = 4401;

/** Whether `event` closed the socket because the server refused its token. */
function tokenClose(event: unknown): boolean {
  const { code, reason } = (event ?? {}) as { code?: number; reason?: string };
  return code === CLOSE_TOKEN_REVOKED || (code === 4403 && (reason ?? "").startsWith("UNAUTHENTICATED"));
}

function socketUrl(): string {
  const url = new URL(GRAPHQL_PATH, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

function getClient(): Client {
  if (client) return client;
  /** The token this client's connection was made with. */
  let token: string | undefined;
  const created: Client = createClient({
    url: socketUrl(),
    lazy: true,
    retryAttempts: RETRY_ATTEMPTS,
    retryWait,
    // graphql-ws retries only close events by default, but a browser reports a refused connection (the
    // server is down) as an error event first: without this, the first failed attempt ends every
    // subscription. Fatal close codes (4400, 4401, 4500...) still end them at once.
    shouldRetry: () => true,
    on: {
      // A client replaced at sign-in or sign-out, or the lazy close when the last subscription ended
      // (code 1000, even if a new one started meanwhile), closes on purpose: not a lost connection.
      closed: (event) => {
        if ((event as { code?: number }).code === 1000) return;
        if (created === client && tokenClose(event)) {
          // This runs before the subscriptions hear the close, which would end them: stopped here, they
          // wait in `open` to go on elsewhere (settleTokenClose).
          for (const subscription of open) subscription.stop();
          void settleTokenClose(created, token);
          return;
        }
        if (created === client && open.size > 0 && state === "up") setState("lost", "lost");
      },
      connected: (_socket, _payload, wasRetry) => {
        if (created !== client) return;
        if (state !== "up") setState("up", "back");
        // Events between the old connection's close and the new one's subscribe are missed either way.
        if (wasRetry || moved) for (const listener of reconnectListeners) listener();
        moved = false;
      },
    },
    // While this page replaces its token, the new one is awaited (the old one would be refused).
    connectionParams: async () => {
      await tokenSettled();
      const auth = authorization();
      token = auth?.replace(/^Bearer /, "");
      return auth ? { authorization: auth } : {};
    },
  });
  client = created;
  return created;
}

/**
 * After the server closed `closed`'s socket for its `token`: a token this page is replacing is waited
 * for; a token the server refuses signs out, saying why; otherwise (the server closes every socket of
 * the user when the token is rotated, one opened with the new token included) the subscriptions simply
 * go on on a new connection. Signing in or out meanwhile moved them already.
 */
async function settleTokenClose(closed: Client, token: string | undefined): Promise<void> {
  await tokenSettled();
  if (closed !== client) return;
  if (token !== undefined && currentSession()?.token === token && (await isTokenRefused(token))) {
    tokenRefused(token);
  }
  if (closed === client) moveSubscriptions();
}

/** Moves the open subscriptions to a new client (the session's token now), the old one closed. */
function moveSubscriptions(): void {
  const moving = [...open];
  for (const subscription of moving) subscription.stop();
  // dispose() awaits a connection still being made; when the server refused that one (a token it
  // does not know: close 4403), the promise rejects with the CloseEvent. Nothing is left to close then.
  Promise.resolve(client?.dispose()).catch(() => undefined);
  client = undefined;
  if (state !== "up") setState("up", "idle");
  // The same subscriptions on a new connection, as the new user: a solve's progress starts with its
  // stored state; one the new user may not see ends with the server's error.
  moved = moving.length > 0;
  for (const subscription of moving) start(subscription);
  // With nothing live there is no new connection to wait for: the views refetch at once.
  if (!moved) for (const listener of reconnectListeners) listener();
}

onSessionChange(moveSubscriptions);

/**
 * Forgets `subscription`. The last one ending while the connection is lost (the visitor went to a page
 * with nothing live) stops the retries: nothing is paused any more, so the status line is cleared
 * (before, its lazy close, code 1000, left "reconnecting…" on screen for good).
 */
function forget(subscription: OpenSubscription): void {
  open.delete(subscription);
  if (open.size === 0 && state === "lost") setState("up", "idle");
}

/**
 * `listener` runs each time the live connection is made again after it was lost, and after signing in
 * or out (what the page shows may differ for the new user); returns a stop.
 */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** `listener` hears the live connection being lost, back, given up or forgotten; returns a stop. */
export function onLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether `error` ended a subscription because the retries ran out: the status line already says so. */
export function isLiveGiveUp(error: unknown): boolean {
  return error instanceof ApiError && giveUps.has(error);
}

export interface SubscriptionHandlers<T> {
  next(data: T): void;
  error?(error: ApiError): void;
  complete?(): void;
}

function toApiError(error: unknown): ApiError {
  if (Array.isArray(error) && error.length > 0) return ApiError.from(error[0] as GraphQLErrorShape);
  if (error instanceof Error) return new ApiError(error.message, "NETWORK");
  // A CloseEvent: the socket closed before the subscription completed.
  const reason = (error as { reason?: string; code?: number } | null)?.reason;
  return new ApiError(reason || "the live connection closed", "NETWORK");
}

/** Runs `subscription` on the current client until it ends or is moved to another. */
function start(subscription: OpenSubscription): void {
  const { handlers } = subscription;
  let current = true;
  const stop = getClient().subscribe(
    { query: subscription.query, variables: subscription.variables },
    {
      next: (result) => {
        if (!current) return;
        if (result.errors && result.errors.length > 0) handlers.error?.(ApiError.from(result.errors[0]));
        else if (result.data) handlers.next(result.data);
      },
      error: (error) => {
        if (!current) return;
        current = false;
        const apiError = toApiError(error);
        // Before it is forgotten: the last subscription given up is not one that merely ended.
        if (state !== "up" && !Array.isArray(error)) {
          giveUps.add(apiError);
          if (state === "lost") setState("stopped", "stopped");
        }
        forget(subscription);
        handlers.error?.(apiError);
      },
      complete: () => {
        if (!current) return;
        current = false;
        forget(subscription);
        handlers.complete?.();
      },
    },
  );
  subscription.stop = () => {
    current = false;
    stop();
  };
}

/** Starts a subscription; returns a function that stops it. */
export function subscribe<T, V>(
  document: TypedDocumentString<T, V>,
  variables: V,
  handlers: SubscriptionHandlers<T>,
): () => void {
  const subscription: OpenSubscription = {
    query: document.toString(),
    variables: variables as Record<string, unknown>,
    handlers: handlers as SubscriptionHandlers<unknown>,
    stop: () => undefined,
  };
  open.add(subscription);
  start(subscription);
  return () => {
    subscription.stop();
    forget(subscription);
  };
}
