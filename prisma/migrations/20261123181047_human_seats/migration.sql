-- AlterEnum
ALTER TYPE "transport" ADD VALUE 'human';

-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "allow_challenges" BOOLEAN NOT NULL DEFAULT false;
