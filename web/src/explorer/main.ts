// GraphiQL for /graphql, bundled with the page (served when a browser opens /graphql): everything,
// Monaco's editor workers included, comes from this server, so it works with no internet. Queries
// and mutations go over HTTP POST, subscriptions over graphql-ws on the same path. A token goes in
// the Headers tab as {"Authorization": "Bearer <token>"}; it is also sent in the WebSocket's
// connection_init payload.
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { createElement, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { GRAPHQL_PATH } from "../api/graphql.ts";

const socket = new URL(GRAPHQL_PATH, window.location.href);
socket.protocol = socket.protocol === "https:" ? "wss:" : "ws:";

const fetcher = createGraphiQLFetcher({
  url: GRAPHQL_PATH,
  subscriptionUrl: socket.toString(),
  // Apollo Server 5 answers single results; multipart incremental delivery would only add a round of parsing.
  enableIncrementalDelivery: false,
});

const DEFAULT_QUERY = `# Reads are public (except hint); mutations other than signUp need a token: put
# {"Authorization": "Bearer <token>"} in the Headers tab below.
{
  puzzles(first: 5) {
    edges {
      node {
        id
        kind
        title
        solvable
      }
    }
  }
}
`;

const root = document.getElementById("explorer");
if (!root) throw new Error("explorer.html has no #explorer element");
createRoot(root).render(
  createElement(StrictMode, null, createElement(GraphiQL, { fetcher, defaultQuery: DEFAULT_QUERY })),
);
