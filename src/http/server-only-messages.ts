// A client's message of a type only a server sends (next, error, connection_ack) is the client's
// mistake. graphql-ws answers it by throwing inside its message handler, which closes the socket
// with 4500 (internal error) and prints "Internal error occurred during message handling" with the
// error on the console, past the logger (graphql-ws#533): any client could fill the server's log
// with internal errors that are not. Such a message is therefore closed here with 4400, the
// protocol's code for a bad client message, and never reaches graphql-ws.
import { CloseCode } from "graphql-ws";
import type { WebSocket } from "ws";

const SERVER_ONLY_TYPES = new Set(["next", "error", "connection_ack"]);
/** A message can only be of such a type if its text holds one of them as a string (or a \u escape). */
const MAY_BE_SERVER_ONLY = /"(?:next|error|connection_ack)"|\\u/;

/** The message's type when it is one only a server may send; undefined otherwise (or not JSON). */
function serverOnlyType(data: string): string | undefined {
  // graphql-ws parses every message too: parse here only when the text could be one of these, so a
  // client's usual messages (subscribe, ping, complete) are not parsed twice.
  if (!MAY_BE_SERVER_ONLY.test(data)) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined; // graphql-ws closes with 4400 itself
  }
  const type = (message as { type?: unknown } | null)?.type;
  return typeof type === "string" && SERVER_ONLY_TYPES.has(type) ? type : undefined;
}

/**
 * Closes `socket` with 4400 on a client's message of a server-only type, and keeps that message from
 * every listener of the socket (graphql-ws' among them). Call it before graphql-ws sees the socket.
 * A listener cannot stop the others of the same event, so the socket's `emit` is wrapped instead.
 */
export function closeOnServerOnlyMessages(socket: WebSocket): void {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === "message") {
      const type = serverOnlyType(String(args[0]));
      if (type !== undefined) {
        socket.close(CloseCode.BadRequest, `Unexpected message of type ${type} from a client`);
        return true;
      }
    }
    return emit(event, ...args);
  }) as WebSocket["emit"];
}
