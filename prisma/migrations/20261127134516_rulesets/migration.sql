-- Rulesets as values (issue 20): a match, an event and an experiment name the ruleset they are played by,
-- an agent the rulesets it accepts, and each ruleset is its own ladder (ratings, live ratings, rating history
-- and rating periods keyed by ruleset). Every existing row was played by the one ruleset there was: the
-- defaults make them all 'original', in place (primary keys widened, no row rewritten by hand).

-- DropForeignKey
ALTER TABLE "matches" DROP CONSTRAINT "matches_rating_period_id_fkey";

-- DropIndex
DROP INDEX "rating_history_period_index_idx";

-- DropIndex
DROP INDEX "ratings_rating_idx";

-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "rulesets" TEXT[] DEFAULT ARRAY['original']::TEXT[];

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original';

-- AlterTable
ALTER TABLE "experiments" ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original';

-- AlterTable
ALTER TABLE "live_ratings" DROP CONSTRAINT "live_ratings_pkey",
ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original',
ADD CONSTRAINT "live_ratings_pkey" PRIMARY KEY ("agent_id", "ruleset");

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original';

-- AlterTable
ALTER TABLE "rating_history" DROP CONSTRAINT "rating_history_pkey",
ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original',
ADD CONSTRAINT "rating_history_pkey" PRIMARY KEY ("agent_id", "ruleset", "period_index");

-- AlterTable
ALTER TABLE "rating_periods" DROP CONSTRAINT "rating_periods_pkey",
ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original',
ADD CONSTRAINT "rating_periods_pkey" PRIMARY KEY ("ruleset", "index");

-- AlterTable
ALTER TABLE "ratings" DROP CONSTRAINT "ratings_pkey",
ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original',
ADD CONSTRAINT "ratings_pkey" PRIMARY KEY ("agent_id", "ruleset");

-- CreateIndex
CREATE INDEX "rating_history_ruleset_period_index_idx" ON "rating_history"("ruleset", "period_index");

-- CreateIndex
CREATE INDEX "ratings_ruleset_rating_idx" ON "ratings"("ruleset", "rating");

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_ruleset_rating_period_id_fkey" FOREIGN KEY ("ruleset", "rating_period_id") REFERENCES "rating_periods"("ruleset", "index") ON DELETE RESTRICT ON UPDATE CASCADE;
