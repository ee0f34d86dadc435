import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, tempDir, waitForOutput } from '@coup/cli/testing';
import type { CliResult } from '@coup/cli/testing';
import { freePort } from '@coup/devstack';
import { startHarness } from '../testing/harness';
import type { Harness } from '../testing/harness';

// `coup platform` (apps/cli) against the real platform (Postgres, Redis, the API with an in-process worker;
// see testing/harness.ts), run as a child process exactly as a user would, with a config file of its own.

let h: Harness;
let dir: Awaited<ReturnType<typeof tempDir>>;
let env: Record<string, string>;
let bot: ChildProcessWithoutNullStreams | null = null;
let apiKey = '';
/** Everything the CLI printed after signup: the API key must never show up in it. */
const printed: string[] = [];

async function coup(...args: string[]): Promise<CliResult> {
  const r = await runCli(['platform', ...args], env);
  printed.push(r.stdout, r.stderr);
  return r;
}

beforeAll(async () => {
  // Short rating periods, so the ranked match below reaches the leaderboard within the test.
  [h, dir] = await Promise.all([startHarness({ env: { RATING_PERIOD_MS: '1000' } }), tempDir()]);
  env = { COUP_CONFIG: dir.file('config/coup.json'), COUP_URL: h.url };
}, 60_000);

afterAll(async () => {
  if (bot && bot.exitCode === null) bot.kill('SIGKILL');
  await h?.stop();
  await dir?.remove();
});

describe('coup platform', () => {
  // 180 s: about fifteen CLI processes in turn (tsx compiling the CLI each time, ~2-3 s of CPU); on a loaded
  // 2-core machine (a clean-clone CI run beside a read benchmark, load 9) they took over 90 s.
  it('signs up, registers and checks an agent, plays a house agent, verifies the replay', async () => {
    const signup = await runCli(['platform', 'signup', 'alice'], env);
    expect(signup.stderr).toBe('');
    expect(signup.code).toBe(0);
    expect(signup.stdout).toMatch(/^signed up as alice \(acc_\w+\) on http:\/\/localhost:\d+$/m);
    apiKey = signup.stdout.match(/^ {2}(ck_\w+)$/m)?.[1] ?? '';
    expect(apiKey).not.toBe('');
    const config = JSON.parse(await readFile(env.COUP_CONFIG!, 'utf8')) as { url: string; apiKey: string };
    expect(config).toMatchObject({ url: h.url, apiKey });
    expect((await stat(env.COUP_CONFIG!)).mode & 0o777).toBe(0o600);

    const again = await coup('signup', 'bob');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already signed up as alice');

    const whoami = await coup('whoami');
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toMatch(/^alice \(acc_\w+\) on /);
    expect(JSON.parse((await coup('whoami', '--json')).stdout)).toMatchObject({ name: 'alice', url: h.url });

    // The endpoint is needed to register, and the secret to serve: so a port first, then the bot on it.
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const reg = await coup('agents', 'register', 'my-bot', '--url', endpoint, '--model', 'heuristic-1');
    expect(reg.code).toBe(0);
    const agentId = reg.stdout.match(/^registered agent my-bot: (ag_\w+) \(http, /m)?.[1] ?? '';
    const secret = reg.stdout.match(/^ {2}(as_\w+)$/m)?.[1] ?? '';
    expect(agentId).not.toBe('');
    expect(secret).not.toBe('');
    expect(reg.stdout).toContain(`coup bot serve heuristic --port ${new URL(endpoint).port} --secret`);
    // What its requests carry (PROTOCOL.md "History modes"): the platform's defaults, or the flags.
    const regFull = await coup(
      'agents',
      'register',
      'my-full-bot',
      '--url',
      endpoint,
      '--history',
      'full',
      '--no-prompt',
    );
    expect(regFull.code, regFull.stderr).toBe(0);
    const fullId = regFull.stdout.match(/^registered agent my-full-bot: (ag_\w+)/m)?.[1] ?? '';
    for (const [id, want] of [
      [agentId, { historyMode: 'delta', wantsPrompt: true }],
      [fullId, { historyMode: 'full', wantsPrompt: false }],
    ] as const) {
      expect((await h.api('GET', `/v1/agents/${id}`)).body).toMatchObject(want);
    }

    bot = startCli(['bot', 'serve', 'heuristic', '--port', new URL(endpoint).port, '--secret', secret]);
    await waitForOutput(bot, /listening on http:/);

    const check = await coup('agents', 'check', agentId);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ok: ag_\w+ answered a legal action in \d+ ms: /);

    const mine = await coup('agents', 'list', '--mine');
    expect(mine.code).toBe(0);
    expect(mine.stdout).toMatch(/│ ag_\w+ +│ my-bot +│ alice +│ http +│ active /);

    const house = (await h.api<{ items: { id: string; name: string }[] }>('GET', '/v1/agents?house=true'))
      .body.items;
    const opponent = house.find((a) => a.name === 'house-random') ?? house[0]!;
    // Ranked matches come from the ranked queue; only the operator's admin key may queue one directly.
    const refused = await coup('matches', 'queue', agentId, opponent.id, '--ranked');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error: ranked matches are formed only by the matchmaker .*\(ranked_not_allowed, HTTP 403\)\n\(ranked matches come from the ranked queue: coup platform agents queue <id>/,
    );
    const played = await coup(
      'matches',
      'queue',
      agentId,
      opponent.id,
      '--ranked',
      '--wait',
      '--key',
      h.adminKey,
    );
    expect(played.stderr).toMatch(/^queued match mt_\w+; waiting/);
    expect(played.code).toBe(0);
    const matchId = played.stdout.match(/^match (mt_\w+): finished, ranked, 2 seats/m)?.[1] ?? '';
    expect(matchId).not.toBe('');
    expect(played.stdout).toMatch(/│ +1 │ +[01] │ (my-bot|house-random) /);
    expect(played.stdout).toMatch(/│ +2 │ +[01] │ (my-bot|house-random) /);

    const [list, show] = await Promise.all([
      coup('matches', 'list', '--agent', agentId, '--status', 'finished'),
      coup('matches', 'show', matchId, '--json'),
    ]);
    expect(list.stdout).toContain(matchId);
    expect(JSON.parse(show.stdout)).toMatchObject({ id: matchId, status: 'finished', ranked: true });

    const file = dir.file('replay.json');
    const download = await coup('replay', 'download', matchId, '--out', file);
    expect(download.code).toBe(0);
    expect(download.stdout).toContain(`written to ${file}`);
    const verify = await runCli(['replay', 'verify', file]);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('1 replay verified');

    const seatFile = dir.file('seat0.json');
    const seat = await coup('replay', 'download', matchId, '--seat', '0', '--out', seatFile);
    expect(seat.code).toBe(0);
    expect(seat.stderr).toContain('verify and show take full replays');
    expect(JSON.parse(await readFile(seatFile, 'utf8'))).toMatchObject({ matchId, seat: 0 });

    // The ranked match is rated at once (live), and stored when its rating period (1 s here) closes.
    for (let i = 0; i < 100; i++) {
      const board = await h.api<{ items: { agent: { id: string } }[] }>('GET', '/v1/leaderboard');
      if (board.body.items.some((e) => e.agent.id === agentId)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const board = await coup('leaderboard');
    expect(board.code).toBe(0);
    // Its profile gives its behaviour figures per ruleset (one ranked original match so far).
    const profile = await coup('agents', 'show', agentId);
    expect(profile.code, profile.stderr).toBe(0);
    expect(profile.stdout).toMatch(/│ original +│ +1 │/);
    expect(profile.stdout).toMatch(/original bluffs per role: Duke (-|\d+\.\d%), Assassin/);
    expect(board.stdout).toMatch(/│ +\d+ │ my-bot \*( ~)? +│ alice /);
    expect(board.stdout).toContain('rated agents, ordered by rating - 2*RD');

    for (const [args, expected] of [
      [['pause', agentId], 'my-bot (ag_'],
      [['resume', agentId], ': active'],
      [['queue', agentId], 'is in the ranked queue'],
      [['unqueue', agentId], 'is not in the ranked queue'],
    ] as const) {
      const r = await coup('agents', ...args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(expected);
    }

    expect(printed.join('\n')).not.toContain(apiKey);
    // About twenty CLI processes (each a tsx start) and a ranked match rated: 15 s alone, 27-40 s under a
    // full CI run's load on 2 cores.
  }, 180_000);

  it('API errors exit 1 with their message; usage errors and an unreachable platform exit 2', async () => {
    const [unknown, noKey, usage, down] = await Promise.all([
      coup('agents', 'check', 'ag_doesnotexist0'),
      runCli(['platform', 'whoami'], { COUP_CONFIG: dir.file('none/config.json'), COUP_URL: h.url }),
      coup('agents', 'register', 'x-bot'),
      freePort().then((port) => coup('leaderboard', '--url', `http://127.0.0.1:${port}`)),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: agent ag_doesnotexist0 not found (not_found, HTTP 404)');

    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain(`no API key for ${h.url}: run coup platform signup <name>`);

    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('give --url <endpoint>');

    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/^coup: cannot reach the platform at http:\/\/127\.0\.0\.1:\d+: /);

    const badKey = await coup('whoami', '--key', 'ck_wrong');
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/^error: .*\(\w+, HTTP 401\)\n\(the API key came from --key\)/);
    expect(printed.join('\n')).not.toContain(apiKey);
  }, 20_000);
});

describe('coup platform agents register --llm', () => {
  it('on a platform without a model server, relays the error that says what the operator must set', async () => {
    const [res, noModel] = await Promise.all([
      coup('agents', 'register', 'my-llm', '--llm', '--model', 'qwen2.5-7b'),
      coup('agents', 'register', 'my-llm', '--llm'),
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('LLM_BASE_URL');
    expect(res.stderr).toContain('(llm_not_configured, HTTP 409)');
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toContain('an --llm agent needs --model <model>');
  }, 20_000);
});
