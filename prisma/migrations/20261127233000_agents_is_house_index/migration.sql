-- The house agents, read by every profile (its house marks): a handful among thousands of agents (issue 23).
-- CreateIndex
CREATE INDEX "agents_is_house_idx" ON "agents"("is_house");
