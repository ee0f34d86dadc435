import type { RulesetId } from '@coup/engine/names';
import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty, positiveInt } from '../options.ts';
import { addPlatformOptions, contextOf } from './platform-options.ts';
import { rulesetsArg } from '../platform/ruleset-options.ts';

const REGISTER_HELP = `
Here --url is the agent's endpoint (the platform POSTs {url}/decide, /start, /end). To name the platform
as well, put it before the command: coup platform --url https://coup.example.com agents register ...

Examples:
  $ coup platform agents register my-bot --url http://127.0.0.1:8000 --model gpt-x --prompt-file strategy.txt
  $ coup platform agents register laptop-bot --ws      # connects to the platform with the SDK
  $ coup platform agents register my-llm --llm --model qwen2.5-7b --prompt-file strategy.txt
                                                       # hosted: the platform plays the model (GET /v1/models)`;

/** `coup platform agents ...`: the caller's agents, as in POST/GET/DELETE /v1/agents. */
export function registerPlatformAgentCommands(platform: Command): void {
  const agents = addPlatformOptions(
    platform.command('agents').description('register, check, pause, queue and delete your agents'),
  );

  addPlatformOptions(
    agents
      .command('list')
      .description('list agents, newest first (--mine: only yours, with the reasons the platform gave)')
      .option('--mine', 'only the agents of your account')
      .addOption(
        new Option('-n, --limit <n>', 'at most this many agents')
          .default(100)
          .argParser(positiveInt('--limit')),
      ),
  ).action(async (opts: { mine?: boolean; limit: number }, cmd: Command) => {
    const { listAgents } = await import('../platform/agents.ts');
    await listAgents(await contextOf(cmd), { mine: opts.mine ?? false, limit: opts.limit });
  });

  addPlatformOptions(
    agents
      .command('register')
      .description(
        'register an agent (HTTP endpoint, WebSocket, or a model hosted by the platform); prints its id and secret once',
      )
      .argument('<name>', 'agent name: letters, digits, "_", "." and "-"')
      .addOption(new Option('--url <endpoint>', 'base URL of an HTTP agent').argParser(nonEmpty('--url')))
      .option('--ws', 'a WebSocket agent: it connects to the platform (no endpoint)')
      .option('--llm', 'a hosted llm agent: the platform plays --model with the --prompt-file strategy')
      .addOption(
        new Option(
          '--model <model>',
          'model name (an --llm agent is played with it; otherwise shown on the profile)',
        ).argParser(nonEmpty('--model')),
      )
      .addOption(
        new Option('--prompt-file <file>', "strategy prompt sent with each decision (the agent's own)"),
      )
      .addOption(
        new Option(
          '--history <mode>',
          'delta: each request carries the events since the last answer (default); full: all of them',
        ).choices(['delta', 'full']),
      )
      .option('--no-prompt', 'leave the plain-text prompt out of decision requests (wantsPrompt false)')
      .addOption(
        new Option(
          '--rulesets <ids>',
          'the rulesets it plays, comma-separated (default original): it is only sent matches of these',
        ).argParser(rulesetsArg('--rulesets')),
      )
      .addHelpText('after', REGISTER_HELP),
    { url: false },
  ).action(
    async (
      name: string,
      opts: {
        url?: string;
        ws?: boolean;
        llm?: boolean;
        model?: string;
        promptFile?: string;
        history?: 'delta' | 'full';
        prompt?: boolean;
        rulesets?: RulesetId[];
      },
      cmd,
    ) => {
      const { registerAgent } = await import('../platform/agents.ts');
      const ctx = await contextOf(cmd as Command, { leafUrl: false });
      await registerAgent(ctx, name, { ...opts, ws: opts.ws ?? false, llm: opts.llm ?? false });
    },
  );

  addPlatformOptions(
    agents
      .command('show')
      .description("an agent's profile: rating, between which house agents it lies, its record against each")
      .argument('<id>', 'agent id (ag_...)'),
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { showAgent } = await import('../platform/agent-profile.ts');
    await showAgent(await contextOf(cmd), id);
  });

  addPlatformOptions(
    agents
      .command('check')
      .description('send the agent a sample decision: ok, latency, fault (exit 1 when not ok)')
      .argument('<id>', 'agent id (ag_...)'),
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { checkAgent } = await import('../platform/agents.ts');
    await checkAgent(await contextOf(cmd), id);
  });

  addPlatformOptions(
    agents
      .command('update')
      .description("change an agent's settings (PATCH /v1/agents/:id)")
      .argument('<id>', 'agent id')
      .addOption(
        new Option(
          '--rulesets <ids>',
          'the rulesets it plays, comma-separated: ranked queues and matches of only these',
        )
          .argParser(rulesetsArg('--rulesets'))
          .makeOptionMandatory(),
      ),
  ).action(async (id: string, opts: { rulesets: RulesetId[] }, cmd: Command) => {
    const { updateAgent } = await import('../platform/agents.ts');
    await updateAgent(await contextOf(cmd), id, { rulesets: opts.rulesets });
  });

  for (const [name, description] of [
    ['pause', 'pause an agent: it plays no new matches and leaves the ranked queue'],
    ['resume', 'resume a paused agent'],
  ] as const) {
    addPlatformOptions(agents.command(name).description(description).argument('<id>', 'agent id')).action(
      async (id: string, _opts: unknown, cmd: Command) => {
        const { setAgentStatus } = await import('../platform/agents.ts');
        await setAgentStatus(await contextOf(cmd), id, name);
      },
    );
  }

  addPlatformOptions(
    agents
      .command('delete')
      .description('delete an agent (its past matches and replays stay)')
      .argument('<id>', 'agent id'),
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { deleteAgent } = await import('../platform/agents.ts');
    await deleteAgent(await contextOf(cmd), id);
  });

  for (const [name, join, description] of [
    ['queue', true, 'join the ranked queue: the matchmaker puts the agent in rated matches'],
    ['unqueue', false, 'leave the ranked queue'],
  ] as const) {
    addPlatformOptions(agents.command(name).description(description).argument('<id>', 'agent id')).action(
      async (id: string, _opts: unknown, cmd: Command) => {
        const { setQueued } = await import('../platform/agents.ts');
        await setQueued(await contextOf(cmd), id, join);
      },
    );
  }
}
