-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "created_by_id" TEXT;

-- CreateIndex
CREATE INDEX "matches_created_by_id_status_idx" ON "matches"("created_by_id", "status");

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
