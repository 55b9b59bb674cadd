# One image for the API and the worker (docker-compose.yml runs both).
FROM node:20-bookworm-slim
WORKDIR /app

# `npm ci` also generates the Prisma client and builds dist/ (scripts/postinstall.mjs), which needs
# the dev dependencies (TypeScript), so they are installed too.
COPY . .
RUN npm ci && npm cache clean --force

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000
EXPOSE 4000

# The API: migrates the database (creating it if missing), then serves /graphql, /healthz, /readyz.
# A worker started beside it (START_WORKER) gets the product's settings from the API (src/main.ts);
# docker-compose.yml runs the worker service through scripts/tuned-node.sh.
CMD ["node", "dist/src/main.js"]
