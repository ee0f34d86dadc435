-- CreateEnum
CREATE TYPE "transport" AS ENUM ('http', 'ws');

-- CreateEnum
CREATE TYPE "agent_status" AS ENUM ('active', 'paused', 'disabled');

-- CreateEnum
CREATE TYPE "match_status" AS ENUM ('queued', 'running', 'finished', 'aborted');

-- CreateEnum
CREATE TYPE "event_format" AS ENUM ('round_robin', 'swiss');

-- CreateEnum
CREATE TYPE "event_entry_mode" AS ENUM ('list', 'open');

-- CreateEnum
CREATE TYPE "event_status" AS ENUM ('open', 'running', 'finished');

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "api_key_hash" TEXT NOT NULL,
    "api_key_prefix" TEXT NOT NULL,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "transport" "transport" NOT NULL,
    "endpoint_url" TEXT,
    "secret_hash" TEXT NOT NULL,
    "secret_enc" TEXT NOT NULL,
    "status" "agent_status" NOT NULL DEFAULT 'active',
    "status_reason" TEXT,
    "model_name" TEXT,
    "strategy_prompt" TEXT,
    "is_house" BOOLEAN NOT NULL DEFAULT false,
    "in_queue" BOOLEAN NOT NULL DEFAULT false,
    "queue_joined_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" TEXT NOT NULL,
    "status" "match_status" NOT NULL DEFAULT 'queued',
    "ranked" BOOLEAN NOT NULL DEFAULT false,
    "seed" TEXT NOT NULL,
    "seed_commitment" TEXT NOT NULL,
    "engine_version" TEXT,
    "ruleset_version" TEXT,
    "protocol_version" TEXT,
    "timeout_ms" INTEGER NOT NULL,
    "event_id" TEXT,
    "event_round" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "abort_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "rating_period_id" INTEGER,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_seats" (
    "match_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "agent_id" TEXT NOT NULL,
    "place" INTEGER,
    "faults" INTEGER NOT NULL DEFAULT 0,
    "forfeited" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "match_seats_pkey" PRIMARY KEY ("match_id","seat")
);

-- CreateTable
CREATE TABLE "replays" (
    "match_id" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replays_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "ratings" (
    "agent_id" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "last_period_index" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("agent_id")
);

-- CreateTable
CREATE TABLE "rating_history" (
    "agent_id" TEXT NOT NULL,
    "period_index" INTEGER NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_history_pkey" PRIMARY KEY ("agent_id","period_index")
);

-- CreateTable
CREATE TABLE "rating_periods" (
    "index" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "match_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rating_periods_pkey" PRIMARY KEY ("index")
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "format" "event_format" NOT NULL,
    "seats_per_match" INTEGER NOT NULL,
    "rounds" INTEGER NOT NULL,
    "entry" "event_entry_mode" NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "event_status" NOT NULL DEFAULT 'open',
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_entries" (
    "event_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_entries_pkey" PRIMARY KEY ("event_id","agent_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_name_key" ON "accounts"("name");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_api_key_hash_key" ON "accounts"("api_key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "agents_name_key" ON "agents"("name");

-- CreateIndex
CREATE UNIQUE INDEX "agents_secret_hash_key" ON "agents"("secret_hash");

-- CreateIndex
CREATE INDEX "agents_owner_id_idx" ON "agents"("owner_id");

-- CreateIndex
CREATE INDEX "agents_in_queue_queue_joined_at_idx" ON "agents"("in_queue", "queue_joined_at");

-- CreateIndex
CREATE INDEX "matches_status_created_at_idx" ON "matches"("status", "created_at");

-- CreateIndex
CREATE INDEX "matches_created_at_idx" ON "matches"("created_at");

-- CreateIndex
CREATE INDEX "matches_event_id_event_round_idx" ON "matches"("event_id", "event_round");

-- CreateIndex
CREATE INDEX "matches_ranked_finished_at_idx" ON "matches"("ranked", "finished_at");

-- CreateIndex
CREATE INDEX "matches_rating_period_id_idx" ON "matches"("rating_period_id");

-- CreateIndex
CREATE INDEX "match_seats_agent_id_match_id_idx" ON "match_seats"("agent_id", "match_id");

-- CreateIndex
CREATE INDEX "ratings_rating_idx" ON "ratings"("rating");

-- CreateIndex
CREATE INDEX "rating_history_period_index_idx" ON "rating_history"("period_index");

-- CreateIndex
CREATE INDEX "events_status_starts_at_idx" ON "events"("status", "starts_at");

-- CreateIndex
CREATE INDEX "event_entries_agent_id_idx" ON "event_entries"("agent_id");

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_rating_period_id_fkey" FOREIGN KEY ("rating_period_id") REFERENCES "rating_periods"("index") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_seats" ADD CONSTRAINT "match_seats_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_seats" ADD CONSTRAINT "match_seats_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replays" ADD CONSTRAINT "replays_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
