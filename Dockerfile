# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps ./apps
COPY packages ./packages
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
EXPOSE 3000
CMD ["npx", "tsx", "apps/api/src/server.ts"]
