// The signed-in user: the API token (shown once by signUp) and the name, kept in localStorage so a
// reload keeps the session. Listeners hear about sign-in and sign-out.

const TOKEN_KEY = "puzzles.token";
const NAME_KEY = "puzzles.name";

type Listener = () => void;
const listeners = new Set<Listener>();

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
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(NAME_KEY, session.name);
  for (const listener of listeners) listener();
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
  for (const listener of listeners) listener();
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
