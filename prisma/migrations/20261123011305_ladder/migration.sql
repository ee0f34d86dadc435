-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "queue_reason" TEXT;

-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "stats" JSONB;
