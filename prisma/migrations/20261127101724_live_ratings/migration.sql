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
CREATE INDEX "matches_rating_period_id_ranked_status_finished_at_idx" ON "matches"("rating_period_id", "ranked", "status", "finished_at");

-- AddForeignKey
ALTER TABLE "live_ratings" ADD CONSTRAINT "live_ratings_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Extended statistics (not expressible in schema.prisma; Prisma's diff leaves them alone): the unrated ranked
-- matches are a few rows among many casual ones, which also have no rating period; without these the planner
-- multiplies the shares of "rating_period_id IS NULL" and "ranked" and expects a big part of the table, and
-- scans all of it (and all of match_seats) for the period closer and the live ratings.
CREATE STATISTICS "matches_unrated_ranked_stats" (mcv) ON "rating_period_id", "ranked", "status" FROM "matches";
