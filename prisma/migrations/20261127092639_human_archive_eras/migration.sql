-- AlterTable
ALTER TABLE "human_datasets" ADD COLUMN     "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "human_games" ADD COLUMN     "replay_differences" TEXT[] DEFAULT ARRAY[]::TEXT[];
