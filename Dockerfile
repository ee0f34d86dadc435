# One image for the API (with the web UI) and the worker (docker-compose.yml picks the command). A production
# install: no dev dependencies and no development stack (packages/devstack: embedded Postgres, the Redis
# launcher, the migration CLI), which neither apps/start/src/server.ts nor apps/worker/src/main.ts loads.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps ./apps
COPY packages ./packages
COPY prisma ./prisma
RUN node -e "const fs=require('fs'),p=JSON.parse(fs.readFileSync('package.json'));p.workspaces=p.workspaces.filter(w=>w!=='packages/devstack');fs.writeFileSync('package.json',JSON.stringify(p,null,2))" \
  && rm -rf packages/devstack \
  && npm ci --omit=dev --no-audit --no-fund
EXPOSE 3000
CMD ["npx", "tsx", "apps/start/src/server.ts"]
