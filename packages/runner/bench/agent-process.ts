// An instant HTTP agent in its own process (as real agents are), for the runner benchmark.
// Prints its URL on the first line of stdout; exits when stdin closes.
import { startAgentServer } from '../src/testing/agent-server';
import type { Behaviour } from '../src/testing/agent-server';

const behaviour = (process.argv[2] ?? 'random') as Behaviour;
const server = await startAgentServer({ behaviour, seed: 42, record: false, secret: 'bench-secret' });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
