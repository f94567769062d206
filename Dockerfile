# BazaarBATNA server image: Hugging Face Docker Space or any container host.
# Spaces run the container as UID 1000, which is the `node` user of the official Node images.

FROM node:20-slim AS build
WORKDIR /home/node/app
# Toolchain for better-sqlite3's native build when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim AS runtime
# The image has no .git: pass the commit so eval records name the code that produced them
# (docker build --build-arg BAZAAR_GIT_COMMIT=$(git rev-parse HEAD) .).
ARG BAZAAR_GIT_COMMIT=unknown
ENV BAZAAR_GIT_COMMIT=$BAZAAR_GIT_COMMIT \
    NODE_ENV=production \
    PORT=8000 \
    HOST=0.0.0.0 \
    BAZAAR_DB=/home/node/app/data/bazaar.db
WORKDIR /home/node/app
COPY --from=build --chown=node:node /home/node/app/node_modules ./node_modules
COPY --chown=node:node . .
# SQLite lives here; mount a volume on this path to keep episodes across container restarts.
RUN mkdir -p /home/node/app/data && chown -R node:node /home/node/app/data
USER node
EXPOSE 8000
# Slim images have no curl, so the probe is a node one-liner.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is the container's main process (no npm or sh in between), so `docker stop`'s
# SIGTERM reaches the server, which drains requests and closes SQLite before exiting. This is
# the npm start script word for word; tsx loads in-process through --import, spawning nothing.
CMD ["node", "--import", "tsx", "src/cli/main.ts", "serve"]
