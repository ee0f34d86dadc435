-- CreateEnum
CREATE TYPE "experiment_status" AS ENUM ('running', 'finished');

-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "experiment_id" TEXT;

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "group_id" TEXT,
ADD COLUMN     "seat_rotation" INTEGER;

-- CreateTable
CREATE TABLE "match_groups" (
    "id" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "experiment_id" TEXT,
    "deal" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiments" (
    "id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "model_name" TEXT NOT NULL,
    "opponent_ids" TEXT[],
    "deals" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "timeout_ms" INTEGER NOT NULL,
    "status" "experiment_status" NOT NULL DEFAULT 'running',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiment_arms" (
    "experiment_id" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,

    CONSTRAINT "experiment_arms_pkey" PRIMARY KEY ("experiment_id","index")
);

-- CreateIndex
CREATE UNIQUE INDEX "match_groups_experiment_id_deal_key" ON "match_groups"("experiment_id", "deal");

-- CreateIndex
CREATE INDEX "experiments_owner_id_status_idx" ON "experiments"("owner_id", "status");

-- CreateIndex
CREATE INDEX "experiments_status_idx" ON "experiments"("status");

-- CreateIndex
CREATE INDEX "experiments_created_at_idx" ON "experiments"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "experiment_arms_agent_id_key" ON "experiment_arms"("agent_id");

-- CreateIndex
CREATE INDEX "agents_experiment_id_idx" ON "agents"("experiment_id");

-- CreateIndex
CREATE INDEX "matches_group_id_idx" ON "matches"("group_id");

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "match_groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_groups" ADD CONSTRAINT "match_groups_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_arms" ADD CONSTRAINT "experiment_arms_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_arms" ADD CONSTRAINT "experiment_arms_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
