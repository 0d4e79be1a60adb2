# The club's server with the built app (issue 34). Debian-based, as the machines the tests run on.
#   docker build -t club .
#   docker compose -f deploy/compose.yaml up     (PostgreSQL, two instances, HAProxy)
# The instances run `node dist-server/main.mjs`, the same command CI's fault tests run
# (scripts/ops/cluster.ts), behind the same deploy/haproxy.cfg.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 installs its prebuilt binary, or builds it with these.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm run build:server && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 STATIC_DIR=/app/dist
# pg_dump / pg_restore for scripts/backup.ts inside the container.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/package.json ./
COPY --from=build /app/server ./server
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=2s --retries=3 CMD node -e "fetch('http://127.0.0.1:8080/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains (readiness 503), finishes the requests in flight and exits (server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.mjs"]
