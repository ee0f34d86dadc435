-- CreateTable
CREATE TABLE "human_datasets" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source_file" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'importing',
    "games_count" INTEGER NOT NULL DEFAULT 0,
    "bad_count" INTEGER NOT NULL DEFAULT 0,
    "bad_reasons" JSONB NOT NULL DEFAULT '{}',
    "replay_check" JSONB,
    "baselines" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "human_datasets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "human_games" (
    "dataset_id" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "game_id" TEXT NOT NULL,
    "game_type" TEXT NOT NULL,
    "player_count" INTEGER NOT NULL,
    "player_ids" TEXT[],
    "winner" INTEGER NOT NULL,
    "player_rank" INTEGER[],
    "events" BYTEA NOT NULL,
    "replay_status" TEXT NOT NULL,
    "replay_note" TEXT,

    CONSTRAINT "human_games_pkey" PRIMARY KEY ("dataset_id","ordinal")
);

-- CreateIndex
CREATE INDEX "human_datasets_created_at_idx" ON "human_datasets"("created_at");

-- CreateIndex
CREATE INDEX "human_games_dataset_id_game_type_player_count_idx" ON "human_games"("dataset_id", "game_type", "player_count");

-- AddForeignKey
ALTER TABLE "human_games" ADD CONSTRAINT "human_games_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "human_datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
