// Four instant loopback HTTP agents on one small server (paths /a0 ... /a3), for the throughput benchmark.
// Built with @coup/sdk (which folds delta requests back into whole histories, as agents written with it do).
// Prints its URL on the first line of stdout; exits when stdin closes.
import { createAgent } from '@coup/sdk';

let n = 0;
const agent = createAgent({
  name: 'bench',
  // Cheap and legal: the answer is not what is measured.
  decide: (req) => req.legalActions[n++ % req.legalActions.length]!,
  onError: () => undefined,
});
const server = await agent.listen(0);
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
// An exit rather than death by the signal, so BENCH_PROF's CPU profile is written.
process.once('SIGTERM', () => process.exit(0));
