-- stats_fold without JIT compilation (issue 23). Its DELETE ... RETURNING feeds two jsonb_each_text
-- lateral expansions, which the planner costs at 100 rows a call: a batch of a few thousand pending seats was
-- estimated at ~150,000 and crossed jit_above_cost (100,000 by default), so every fold compiled ~66
-- expressions with LLVM before running a statement that takes a few milliseconds. Seen with auto_explain
-- (log_nested_statements) during `BENCH_ROWS=house-ranked,http-ranked npx tsx apps/start/bench/throughput.bench.ts`:
-- 400-600 ms a fold, a second of Postgres CPU every ~2 s of ranked play. The setting is the function's own, so
-- it holds whoever calls it and whatever the server's jit setting; nothing else changes.
ALTER FUNCTION stats_fold(INT) SET jit = off;
