import { createHash, randomBytes } from 'node:crypto';
import type { RulesetId } from '@coup/engine';
import { runMatch } from '@coup/runner';
import { CliError, EXIT_FAILED, ExitCode } from '../errors.ts';
import { AgentPool, parseAgentSpecs } from './agents.ts';
import { llmServiceFromEnv, strategyPrompt } from './llm.ts';
import { signatureHints } from './hints.ts';
import { progressBar } from './progress.ts';
import { checkReachable } from './reachable.ts';
import { ReplayWriter } from './replay-writer.ts';
import { Tally } from './stats.ts';
import { renderSummary } from './summary.ts';
import type { RunSummary } from './summary.ts';

/** The options of `coup play`, as commander parses them (commands/*.ts). */
export interface PlayOptions {
  games: number;
  seed?: string;
  /** The game every match plays (default `original`). */
  ruleset?: RulesetId;
  timeoutMs: number;
  out?: string;
  secret?: string;
  rotate: boolean;
  concurrency: number;
  json: boolean;
  /** The strategy prompt of `llm:` seats, inline or from a file. */
  strategyPrompt?: string;
  strategyFile?: string;
}

/** Exit code after Ctrl-C (128 + SIGINT), as shells expect. */
const EXIT_INTERRUPTED = 130;

/** Seats of match `index`: seating[seat] is an index in the agent list. */
export function seatingFor(index: number, agents: number, rotate: boolean): number[] {
  return Array.from({ length: agents }, (_, seat) => (rotate ? (seat + index) % agents : seat));
}

/** `coup play`: runs the matches, writes replays, prints the results per agent. */
export async function play(agentArgs: string[], opts: PlayOptions): Promise<void> {
  const specs = parseAgentSpecs(agentArgs);
  const models = specs.flatMap((s) => (s.kind === 'llm' ? [s.model] : []));
  const prompt = await strategyPrompt(opts);
  if (prompt !== undefined && models.length === 0) {
    throw new CliError('--strategy-prompt and --strategy-file are for llm:<model> agents, and there is none');
  }
  const llm = models.length > 0 ? { service: llmServiceFromEnv(models), strategyPrompt: prompt } : null;
  const ruleset = opts.ruleset ?? 'original';
  await checkReachable(specs, opts.timeoutMs);
  const writer = opts.out !== undefined ? await ReplayWriter.open(opts.out) : null;
  // 128 random bits, like the platform's seeds: nobody can guess the deals of a run.
  const seed = opts.seed ?? randomBytes(16).toString('base64url');
  if (opts.seed === undefined) process.stderr.write(`seed: ${seed} (repeat this run with --seed ${seed})\n`);

  // Match ids depend only on the seed, so the same --seed gives the same requests, answers and replays.
  const tag = createHash('sha256').update(seed).digest('hex').slice(0, 8);
  const pool = new AgentPool(specs, opts.secret, llm);
  const tally = new Tally(specs);
  const progress = progressBar(opts.games);
  const controller = new AbortController();
  let interrupted = false;
  let failure: CliError | null = null;
  const onSignal = () => {
    // A second Ctrl-C does not wait for the matches in flight to wind down.
    if (interrupted) process.exit(EXIT_INTERRUPTED);
    interrupted = true;
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const started = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < opts.games && !controller.signal.aborted) {
      const index = next++;
      const matchSeed = `${seed}-${index + 1}`;
      const seating = seatingFor(index, specs.length, opts.rotate);
      // runMatch leaves its abort listener on the signal it is given: one signal per match, relayed from
      // the run's, keeps thousands of matches from piling listeners onto the run's signal.
      const match = new AbortController();
      const relay = () => match.abort(controller.signal.reason);
      controller.signal.addEventListener('abort', relay, { once: true });
      try {
        const replay = await runMatch({
          matchId: `local-${tag}-${index + 1}`,
          seed: matchSeed,
          ruleset,
          // llm agents play at LLM_TIMEOUT_MS, the others at --timeout-ms.
          agents: seating.map((i) => pool.agentFor(i, matchSeed)),
          timeoutMs: opts.timeoutMs,
          ...(prompt !== undefined
            ? { strategyPrompts: seating.map((i) => (specs[i]?.kind === 'llm' ? prompt : undefined)) }
            : {}),
          signal: match.signal,
        });
        tally.add(replay, seating);
        writer?.add(index, replay);
        progress.tick();
        // Matches between in-process bots never wait for I/O: without this, a whole run would be one
        // macrotask, starving file writes, the progress bar and the Ctrl-C handler until the end.
        await new Promise<void>((resolve) => setImmediate(resolve));
      } catch (err) {
        if (controller.signal.aborted) return;
        // Agents' failures are faults inside the replay: reaching here is a bug, reported with the seed.
        const message = err instanceof Error ? err.message : String(err);
        failure = new CliError(`match ${index + 1} (seed ${matchSeed}) failed: ${message}`, EXIT_FAILED);
        controller.abort(failure);
      } finally {
        controller.signal.removeEventListener('abort', relay);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.games) }, worker));
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await pool.close();
    await writer?.close();
  }
  if (failure) throw failure;

  const summary: RunSummary = {
    seed,
    ruleset,
    games: tally.games,
    requested: opts.games,
    seconds: (performance.now() - started) / 1000,
    out: opts.out ?? null,
    interrupted,
    agents: tally.stats(),
  };
  process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderSummary(summary)}\n`);
  for (const hint of signatureHints(specs, tally.unauthorized(), opts.secret !== undefined)) {
    process.stderr.write(`${hint}\n`);
  }
  if (interrupted) throw new ExitCode(EXIT_INTERRUPTED);
}
