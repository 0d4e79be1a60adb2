# The club's server with the built app: one image for every deployment. Nothing of a deployment
# is built in: the API key, the ogo host and the rest reach the app at run time from the server
# that serves it (src/domain/club/club-config.ts), so the same image runs staging and production.
#   docker build -t club-server .
#   docker compose -f deploy/compose.yaml up -d     (PostgreSQL, two instances, HAProxy)
# The instances run `node dist-server/main.mjs`, the same command CI's fault tests run
# (scripts/ops/cluster.ts), behind the same deploy/haproxy.cfg. The image runs with a read-only
# root filesystem: the server writes only to /app/data (a volume) and /tmp.
#
# The base image, by exact version and digest (docker-library/repo-info, node 20.20.2 on Debian
# 12): a rebuild gets the same system, not whatever the tag names that day.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim@sha256:25070a03f077f5860e4f2db8d147380678ed40ead415a21eaffd5a6208f61948

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 installs its prebuilt binary, or builds it with these.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm run build:server && npm prune --omit=dev

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 STATIC_DIR=/app/dist \
    SQLITE_PATH=/app/data/club.db BACKUP_DIR=/app/data/backups
# pg_dump / pg_restore for scripts/backup.ts inside the container.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/package.json ./
COPY --from=build /app/server ./server
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
# The one place the server writes (SQLite, its SIGUSR2 copies in BACKUP_DIR, backups taken with
# scripts/backup.ts), owned by the unprivileged user it runs as.
RUN mkdir -p /app/data/backups && chown -R node:node /app/data
VOLUME /app/data
USER node
EXPOSE 8080
# Readiness (/readyz: migrated, not draining, its database answers) through bash's /dev/tcp: one
# small process per check, not a new Node. The start period covers the migrations of a first start.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-8080} && printf 'GET /readyz HTTP/1.0\\r\\nHost: health\\r\\n\\r\\n' >&3 && read -r -t 2 status <&3 && [[ $status == 'HTTP/1.'?' 200 '* ]]"]
# SIGTERM drains (readiness 503), finishes the requests in flight and exits (server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.mjs"]
