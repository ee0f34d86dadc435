-- AlterTable
ALTER TABLE "replays" ADD COLUMN     "packed" BYTEA,
ALTER COLUMN "data" DROP NOT NULL;
