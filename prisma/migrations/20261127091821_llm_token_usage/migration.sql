-- CreateTable
CREATE TABLE "llm_token_usage" (
    "day" DATE NOT NULL,
    "account_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "prompt_tokens" BIGINT NOT NULL DEFAULT 0,
    "completion_tokens" BIGINT NOT NULL DEFAULT 0,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "llm_token_usage_pkey" PRIMARY KEY ("day","account_id","agent_id","model")
);

-- CreateIndex
CREATE INDEX "llm_token_usage_day_model_idx" ON "llm_token_usage"("day", "model");

-- CreateIndex
CREATE INDEX "llm_token_usage_agent_id_day_idx" ON "llm_token_usage"("agent_id", "day");

-- AddForeignKey
ALTER TABLE "llm_token_usage" ADD CONSTRAINT "llm_token_usage_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "llm_token_usage" ADD CONSTRAINT "llm_token_usage_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
