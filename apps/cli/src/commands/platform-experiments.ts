import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty, positiveInt } from '../options.ts';
import { addPlatformOptions, contextOf } from './platform-options.ts';
import type { CreateOptions } from '../platform/experiments.ts';

const CREATE_HELP = `
Each deal (one seed) is played once per prompt, with the same model and the same opponents in the same
seats; seats rotate from deal to deal. The first prompt is the baseline: every other one is compared with
it deal by deal (win rate and mean place, 95% confidence intervals). Experiments are never rated.

Examples:
  $ coup platform experiments create --model qwen2.5-7b --prompt-file careful.txt --prompt-file bold.txt \\
      --opponent ag_house_heuristic --deals 50 --wait
  $ coup platform experiments show ex_...            # results so far (--deals: every deal)
  $ coup platform experiments list --mine
  $ coup platform experiments cancel ex_...          # stop it: no more deals, its matches aborted`;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `coup platform experiments ...`: prompt experiments (POST/GET /v1/experiments). */
export function registerPlatformExperimentCommands(platform: Command): void {
  const experiments = addPlatformOptions(
    platform
      .command('experiments')
      .description('prompt experiments: one model, several strategy prompts, duplicate deals, compared'),
  );

  addPlatformOptions(
    experiments
      .command('create')
      .description('start an experiment: every deal played once per prompt against the same opponents')
      .requiredOption('-m, --model <model>', "the model every prompt is played with (the platform's models)")
      .requiredOption(
        '-p, --prompt-file <file>',
        'a strategy prompt, from a file; give 2 to 6, the first is the baseline',
        collect,
      )
      .option('-l, --label <label>', 'a short name per prompt, in the same order', collect)
      .requiredOption(
        '-o, --opponent <agent>',
        'an agent every prompt plays against (1 to 5: yours, house agents, or others)',
        collect,
      )
      .addOption(
        new Option('-d, --deals <n>', 'how many deals (each is played once per prompt)')
          .makeOptionMandatory()
          .argParser(positiveInt('--deals', 10_000)),
      )
      .addOption(new Option('--name <name>', 'a name for the experiment').argParser(nonEmpty('--name')))
      .addOption(
        new Option(
          '-s, --seed <seed>',
          'deal d is dealt from <seed>:<d> (default: drawn by the platform)',
        ).argParser(nonEmpty('--seed')),
      )
      .option('-w, --wait', 'wait for the experiment to finish, then print its results')
      .addHelpText('after', CREATE_HELP),
  ).action(async (opts: Omit<CreateOptions, 'wait'> & { wait?: boolean }, cmd: Command) => {
    const { createExperiment } = await import('../platform/experiments.ts');
    await createExperiment(await contextOf(cmd), { ...opts, wait: opts.wait ?? false });
  });

  addPlatformOptions(
    experiments
      .command('show')
      .description("an experiment's progress and results: per prompt, and each prompt against the first")
      .argument('<id>', 'experiment id (ex_...)')
      .option('--deals', 'also every deal: its matches and places'),
  ).action(async (id: string, opts: { deals?: boolean }, cmd: Command) => {
    const { showExperiment } = await import('../platform/experiments.ts');
    await showExperiment(await contextOf(cmd), id, opts.deals ?? false);
  });

  addPlatformOptions(
    experiments
      .command('list')
      .description('list experiments, newest first')
      .option('--mine', 'only the experiments of your account')
      .addOption(
        new Option('--status <status>', 'only experiments in this state').choices([
          'running',
          'finished',
          'cancelled',
        ]),
      )
      .addOption(
        new Option('-n, --limit <n>', 'at most this many experiments')
          .default(20)
          .argParser(positiveInt('--limit')),
      ),
  ).action(async (opts: { mine?: boolean; status?: string; limit: number }, cmd: Command) => {
    const { listExperiments } = await import('../platform/experiments.ts');
    await listExperiments(await contextOf(cmd), { ...opts, mine: opts.mine ?? false });
  });

  addPlatformOptions(
    experiments
      .command('cancel')
      .description(
        'cancel your experiment: no more deals, its queued and running matches aborted (completed deals stay)',
      )
      .argument('<id>', 'experiment id (ex_...)'),
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { cancelExperiment } = await import('../platform/experiments.ts');
    await cancelExperiment(await contextOf(cmd), id);
  });
}
