// The signed-in user: the API token (shown once by signUp) and the name, kept in localStorage so a
// reload keeps the session. Listeners hear about sign-in and sign-out.

const TOKEN_KEY = "puzzles.token";
const NAME_KEY = "puzzles.name";

type Listener = () => void;
const listeners = new Set<Listener>();
/** The name whose token the server refused (rotated or revoked elsewhere), until the next sign-in or out. */
let refused: string | undefined;
/** The token being replaced by this page (`replaceToken`), while the server has not answered. */
let replacing: Promise<unknown> | undefined;

export interface Session {
  readonly token: string;
  readonly name: string;
}

export function currentSession(): Session | undefined {
  const token = localStorage.getItem(TOKEN_KEY);
  const name = localStorage.getItem(NAME_KEY);
  return token && name ? { token, name } : undefined;
}

export function signIn(session: Session): void {
  refused = undefined;
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(NAME_KEY, session.name);
  for (const listener of listeners) listener();
}

export function signOut(): void {
  refused = undefined;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
  for (const listener of listeners) listener();
}

/**
 * The server refused `token` (it was rotated or revoked, from another browser or a script): the page
 * signs out, and says why until the next sign-in (`refusedName`). Nothing when the session's token is
 * another by now (this or another tab signed in again).
 */
export function tokenRefused(token: string): void {
  const session = currentSession();
  if (session === undefined || session.token !== token) return;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
  refused = session.name;
  for (const listener of listeners) listener();
}

/** The name signed out because the server refused its token, while nobody has signed in since. */
export function refusedName(): string | undefined {
  return currentSession() === undefined ? refused : undefined;
}

/**
 * Replaces the session's token with the one `rotate` gets from the server (rotateToken), and signs in
 * with it. Meanwhile the old token's refusals (the server closes this page's WebSocket too) are this
 * page's own doing: `tokenSettled` waits for the new token.
 */
export async function replaceToken(rotate: () => Promise<Session>): Promise<void> {
  const rotation = rotate();
  replacing = rotation;
  try {
    signIn(await rotation);
  } finally {
    if (replacing === rotation) replacing = undefined;
  }
}

/** Resolves once no token replacement is under way (at once when none is). */
export async function tokenSettled(): Promise<void> {
  await replacing?.catch(() => undefined);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The `Authorization` header value, or undefined when signed out. */
export function authorization(): string | undefined {
  const session = currentSession();
  return session ? `Bearer ${session.token}` : undefined;
}

// Another tab of the same browser signed in or out (or `localStorage` was cleared): this tab follows,
// so it never shows an account whose token it no longer sends.
window.addEventListener("storage", (event) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === NAME_KEY)
    for (const listener of listeners) listener();
});
