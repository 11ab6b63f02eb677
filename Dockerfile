# Lieferantenportal as a container image (docs/operations.md "Containers", decision 0014).
# Build: npm ci and npm run build with every dev tool; runtime: Node 24 LTS on Debian slim with only the
# production dependencies, the built server bundles, the migrations and the built web app, as a
# non-root user.

# Node 24 LTS on Debian 12, pinned by digest (24.18.0) so a rebuild gets the same base; raise the tag
# and the digest together (`docker buildx imagetools inspect node:24-bookworm-slim`).
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
# The server's runtime packages only (the domain code is inside the bundles).
RUN npm ci --omit=dev --workspace=server --include-workspace-root=false --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
RUN groupadd --system --gid 10001 lieferantenportal \
  && useradd --system --uid 10001 --gid lieferantenportal --home-dir /app --shell /usr/sbin/nologin lieferantenportal \
  && mkdir -p /data && chown lieferantenportal:lieferantenportal /data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
# Packages npm nests under the workspace (versions other than the hoisted ones).
COPY --from=production-dependencies /app/server/node_modules ./server/node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/server/package.json ./server/
COPY --from=build /src/server/dist ./server/dist
COPY --from=build /src/server/src/db/migrations ./server/src/db/migrations
COPY --from=build /src/web/dist ./web/dist
COPY docker/healthcheck.mjs ./healthcheck.mjs
USER lieferantenportal
EXPOSE 3000
# Without DATABASE_URL the embedded PostgreSQL keeps its cluster in /data: mount a volume there.
VOLUME /data
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=8", "server/dist/main.mjs"]
