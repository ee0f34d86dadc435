import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '@coup/cli/testing';
import type { CliResult } from '@coup/cli/testing';
import { startStandInLlm, STAND_IN_DULL, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import { startHarness } from '../testing/harness';
import type { Account, Harness } from '../testing/harness';

// `coup platform experiments` (apps/cli) against the real platform with a stand-in model server, run as a
// child process exactly as a user would: create with --wait (results printed), show, list, cancel, and the
// platform's refusals relayed with a hint.

const MODEL = 'stand-in-7b';

let stand: StandInServer;
let h: Harness;
let dir: Awaited<ReturnType<typeof tempDir>>;
let owner: Account;
let env: Record<string, string>;
let house: string;

const coup = (...args: string[]): Promise<CliResult> => runCli(['platform', 'experiments', ...args], env);

beforeAll(async () => {
  stand = await startStandInLlm({ models: [MODEL] });
  [h, dir] = await Promise.all([
    startHarness({
      env: {
        LLM_BASE_URL: stand.baseUrl,
        LLM_MODELS: MODEL,
        LLM_TIMEOUT_MS: '15000',
        MAX_EXPERIMENT_MATCHES: '50',
      },
    }),
    tempDir(),
  ]);
  owner = await h.createAccount();
  house = await h.houseAgent('random');
  env = { COUP_CONFIG: dir.file('config/coup.json'), COUP_URL: h.url, COUP_API_KEY: owner.key };
  await writeFile(dir.file('dull.txt'), `Play it safe. ${STAND_IN_DULL}`);
  await writeFile(dir.file('sharp.txt'), `Play it well. ${STAND_IN_SHARP}`);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await stand?.close();
  await dir?.remove();
});

describe('coup platform experiments', () => {
  let id = '';

  it('creates an experiment, waits for it and prints the comparison', async () => {
    const r = await coup(
      'create',
      '--model',
      MODEL,
      '--prompt-file',
      dir.file('dull.txt'),
      '--prompt-file',
      dir.file('sharp.txt'),
      '--label',
      'dull',
      '--label',
      'sharp',
      '--opponent',
      house,
      '--deals',
      '16',
      '--name',
      'cli-test',
      '--seed',
      'cli-seed',
      '--wait',
    );
    expect(r.stderr).toMatch(/^started experiment ex_\w+; waiting/m);
    expect(r.stderr).toContain('16 of 16 deals complete');
    expect(r.code, r.stderr).toBe(0);
    id = /^experiment (ex_\w+) "cli-test": finished, model stand-in-7b, 2 seats against house-random$/m.exec(
      r.stdout,
    )?.[1] as string;
    expect(id, r.stdout).toBeTruthy();
    expect(r.stdout).toContain('16 of 16 deals complete');
    expect(r.stdout).toMatch(/│ +1 │ dull \(baseline\) +│ ag_\w+ +│ +16 │/);
    expect(r.stdout).toMatch(/against dull, paired by deal \(95% confidence intervals\):/);
    // The sharp prompt against the dull one: a difference, its interval and whether it is significant.
    expect(r.stdout).toMatch(/│ sharp +│ +[+-]?\d+\.\d% \[[+-]?\d+\.\d%, [+-]?\d+\.\d%\] │ (yes|no) +│/);
    expect(r.stdout).toContain(`sharp: Play it well. ${STAND_IN_SHARP}`);
    expect(r.stdout).toContain('seed "cli-seed"');
  }, 180_000);

  it('shows it (--json: the API answer; --deals: every deal) and lists it', async () => {
    const json = await coup('show', id, '--json');
    expect(json.code).toBe(0);
    const e = JSON.parse(json.stdout) as { id: string; status: string; dealResults: unknown[] };
    expect(e).toMatchObject({ id, status: 'finished' });
    expect(e.dealResults).toHaveLength(16);
    const deals = await coup('show', id, '--deals');
    expect(deals.code).toBe(0);
    expect(deals.stdout).toMatch(/│ 15 +│ 1 +│ [12] \(mt_\w+\) │ [12] \(mt_\w+\) │/);
    const list = await coup('list', '--mine');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`│ ${id} │ cli-test │ finished │ ${MODEL} │ dull, sharp │ 16/16 `),
    );
  });

  it("relays the platform's refusals with a hint (exit 1), and usage errors (exit 2)", async () => {
    const tooMany = await coup(
      'create',
      '--model',
      MODEL,
      '--prompt-file',
      dir.file('dull.txt'),
      '--prompt-file',
      dir.file('sharp.txt'),
      '--opponent',
      house,
      '--deals',
      '30',
    );
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain('(too_many_experiment_matches, HTTP 400)');
    expect(tooMany.stderr).toContain('(ask for fewer --deals or fewer prompts)');
    const model = await coup(
      'create',
      '--model',
      'gpt-9',
      '--prompt-file',
      dir.file('dull.txt'),
      '--prompt-file',
      dir.file('sharp.txt'),
      '--opponent',
      house,
      '--deals',
      '2',
    );
    expect(model.code).toBe(1);
    expect(model.stderr).toContain('(model_not_allowed, HTTP 400)');
    const one = await coup(
      'create',
      '--model',
      MODEL,
      '--prompt-file',
      dir.file('dull.txt'),
      '--opponent',
      house,
      '--deals',
      '2',
    );
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('give at least 2 --prompt-file');
    const missing = await coup('show', 'ex_doesnotexist000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('(not_found, HTTP 404)');
  });

  it("cancels an experiment (again: fine); a finished one or another account's is refused (exit 1)", async () => {
    const started = await coup(
      'create',
      '--model',
      MODEL,
      '--prompt-file',
      dir.file('dull.txt'),
      '--prompt-file',
      dir.file('sharp.txt'),
      '--opponent',
      house,
      '--deals',
      '25',
      '--json',
    );
    expect(started.code, started.stderr).toBe(0);
    const running = (JSON.parse(started.stdout) as { id: string }).id;
    const other = await h.createAccount();
    const theirs = await runCli(['platform', 'experiments', 'cancel', running], {
      ...env,
      COUP_API_KEY: other.key,
    });
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toContain('(forbidden, HTTP 403)');

    const r = await coup('cancel', running);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^cancelled experiment ${running}: \\d+ of 25 deals complete`));
    const again = await coup('cancel', running, '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ id: running, status: 'cancelled' });
    const show = await coup('show', running);
    expect(show.stdout).toMatch(new RegExp(`^experiment ${running} "experiment": cancelled,`, 'm'));
    const list = await coup('list', '--mine', '--status', 'cancelled');
    expect(list.stdout).toContain(running);

    const finished = await coup('cancel', id);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain('(experiment_finished, HTTP 409)');
    expect(finished.stderr).toContain('coup platform experiments show');
  });
});
