-- CreateEnum
CREATE TYPE "history_mode" AS ENUM ('delta', 'full');

-- AlterTable
-- Agents registered before history modes existed keep receiving what they did (protocol 1, full history):
-- the column is added with 'full' for every existing row, then new rows default to 'delta'.
ALTER TABLE "agents" ADD COLUMN     "history_mode" "history_mode" NOT NULL DEFAULT 'full',
ADD COLUMN     "wants_prompt" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "agents" ALTER COLUMN "history_mode" SET DEFAULT 'delta';
