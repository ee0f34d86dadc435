-- DropIndex
DROP INDEX "matches_rating_period_id_idx";

-- CreateTable
CREATE TABLE "live_ratings" (
    "agent_id" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_ratings_pkey" PRIMARY KEY ("agent_id")
);

-- CreateIndex
CREATE INDEX "matches_rating_period_id_ranked_status_idx" ON "matches"("rating_period_id", "ranked", "status");

-- AddForeignKey
ALTER TABLE "live_ratings" ADD CONSTRAINT "live_ratings_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
