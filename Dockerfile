# One image for the API and the worker (docker-compose.yml builds it once and runs both from it).
# Two stages: `build` has the dev dependencies (TypeScript, Prisma's CLI, esbuild/vite) and compiles
# dist/ (with the generated Prisma client) and the web page; `runtime` has production dependencies
# only, the compiled output, and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, in a layer of their own: it is rebuilt only when the lockfile changes, not on
# every source edit. Install scripts are skipped here (postinstall needs the sources) and run below.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
# scripts/postinstall.mjs: generates the Prisma client (src/generated/prisma, compiled into dist/),
# then scripts/build.mjs compiles src/ and workers/ to dist/, bundles the `puzzle` command and the
# thread files into dist/bundle/ and the web page into web/dist/.
RUN node scripts/postinstall.mjs

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    PDB_DIR=/data/pdb
COPY package.json package-lock.json ./
# Production dependencies only. --ignore-scripts: postinstall (Prisma generate + tsc) needs dev
# dependencies; its output comes from the build stage instead.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# Read at run time: SQL migrations (applied by the API at start-up), the launcher that adds the
# product's settings (huge pages), and the `puzzle` command (`docker compose exec worker node
# bin/puzzle.mjs ...`, as docs/operations.md says; `npx puzzle` goes through npm, which may try to
# install this package into its cache, and fails offline).
COPY prisma ./prisma
COPY scripts/tuned-node.sh ./scripts/tuned-node.sh
COPY bin ./bin
# Pattern databases: a directory the node user owns, so a named volume mounted there starts with
# that owner (Docker copies the image directory's ownership into a new volume).
RUN mkdir -p /data/pdb && chown node:node /data/pdb
USER node
EXPOSE 4000

# The API: migrates the database (creating it if missing), then serves /graphql, /healthz, /readyz.
# docker-compose.yml runs the worker from this image with another command.
CMD ["node", "dist/src/main.js"]
