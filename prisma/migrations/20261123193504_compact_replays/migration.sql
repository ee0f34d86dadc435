-- AlterTable
ALTER TABLE "replays" ADD COLUMN     "packed" BYTEA,
ALTER COLUMN "data" DROP NOT NULL;

-- Hand-written: a replay row holds its replay in exactly one form (rows stored before this keep `data`).
ALTER TABLE "replays" ADD CONSTRAINT "replays_one_form" CHECK (("data" IS NULL) <> ("packed" IS NULL));
