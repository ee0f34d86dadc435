import { Option } from 'commander';
import type { Command } from 'commander';
import type { Lang } from '../new/agent.ts';

const EXAMPLES = `
Writes a working agent to start from: a simple honest strategy (agent.ts or agent.py), a README, tests
and one sample request of each phase. TypeScript agents use the SDK (@coup/sdk, its package in vendor/):
npm install, npm test, npm start. Python agents use the Python kit (copied in coup_agent/, standard
library only): python3 -m unittest, python3 agent.py.

Examples:
  $ coup new agent --lang ts my-agent
  $ coup new agent --lang python my-python-agent`;

export function registerNewCommands(program: Command): void {
  const create = program.command('new').description('start a new agent from a template');
  create
    .command('agent')
    .description('write a working agent, with its README and tests, into a new folder')
    .argument('<dir>', 'the folder to create (it must not exist, or be empty)')
    .addOption(
      new Option('--lang <lang>', 'the language of the agent').choices(['ts', 'python']).default('ts'),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (dir: string, opts: { lang: Lang }) => {
      const { newAgent } = await import('../new/agent.ts');
      await newAgent(dir, opts);
    });
}
