import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  cleanEnv,
  npmPack,
  runCli,
  runCommand,
  startServer,
  stopServer,
  tempDir,
} from '@coup/cli/testing';
import { startHarness, uniqueName } from '../testing/harness';
import type { Account, Harness } from '../testing/harness';

// @coup/sdk as an agent author outside this repository gets it: `npm pack` of packages/sdk, `npm install`
// of the tarball in an empty folder (third-party packages from npm's cache or the registry), then a plain
// JavaScript agent written there plays `coup play` matches and answers the platform's /check, checking the
// platform's signatures. Its type declarations are checked by compiling a TypeScript file against them.

const SDK_MANIFEST = path.join(REPO_ROOT, 'packages/sdk/package.json');

const AGENT = `import { createAgent } from '@coup/sdk';

// Passes every window, takes the first legal action otherwise.
const agent = createAgent({
  name: 'plain-js',
  secret: process.env.COUP_AGENT_SECRET,
  decide(req) {
    const pass = req.legalActions.find((a) => a.type === 'pass');
    return { action: pass ?? req.legalActions[0], comment: 'a plain JavaScript agent' };
  },
});
const { url } = await agent.listen(0);
console.log('listening on ' + url);
`;

const TYPED = `import { createAgent, DecisionRequest, sign, verifySignature } from '@coup/sdk';
import type { DecideResult, WireAction } from '@coup/sdk';

const decide = (req: DecisionRequest): DecideResult => req.legalActions[0] as WireAction;
createAgent({ name: 'typed', secret: 's', decide });
const parsed = DecisionRequest.safeParse({});
if (parsed.success) {
  const phase: string = parsed.data.phase;
  console.log(phase);
}
const check = verifySignature('s', '{}', sign('s', '{}'));
if (!check.ok) console.log(check.reason);
// @ts-expect-error decide must be a function
createAgent({ decide: 42 });
`;

let h: Harness;
let owner: Account;
let dir: Awaited<ReturnType<typeof tempDir>>;
let consumer = '';
let agent: ChildProcessWithoutNullStreams | undefined;
let readmeAgent: ChildProcessWithoutNullStreams | undefined;

beforeAll(async () => {
  [h, dir] = await Promise.all([startHarness({ worker: false }), tempDir()]);
  owner = await h.createAccount();
});
afterAll(async () => {
  await Promise.all([stopServer(agent), stopServer(readmeAgent)]);
  await h?.stop();
  await dir?.remove();
});

describe('@coup/sdk packed and installed outside the repository', () => {
  it(
    'npm pack gives the bundle and its declarations, depending on no workspace',
    { timeout: 300_000 },
    async () => {
      const before = readFileSync(SDK_MANIFEST, 'utf8');
      const tarball = await npmPack('@coup/sdk', path.join(dir.path, 'packs'));
      // prepack swapped the manifest for npm; postpack put it back.
      expect(readFileSync(SDK_MANIFEST, 'utf8')).toBe(before);
      expect(existsSync(`${SDK_MANIFEST}.pack-source`)).toBe(false);

      const list = await runCommand('tar', ['tzf', tarball], { cwd: dir.path });
      expect(list.stdout.split('\n').filter(Boolean).sort()).toEqual([
        'package/README.md',
        'package/dist/index.d.ts',
        'package/dist/index.js',
        'package/package.json',
      ]);
      const manifest = JSON.parse(
        (await runCommand('tar', ['xzf', tarball, '-O', 'package/package.json'], { cwd: dir.path })).stdout,
      ) as { dependencies: Record<string, string>; exports: Record<string, unknown> };
      expect(Object.keys(manifest.dependencies).sort()).toEqual(['@noble/hashes', 'pure-rand', 'ws', 'zod']);
      expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });

      // An empty folder outside the repository, as `npm init` would leave it.
      consumer = path.join(dir.path, 'consumer');
      await mkdir(consumer);
      await writeFile(
        path.join(consumer, 'package.json'),
        JSON.stringify({ name: 'my-agent', version: '1.0.0', private: true, type: 'module' }),
      );
      const install = await runCommand('npm', ['install', '--prefer-offline', tarball], { cwd: consumer });
      expect(install.code, install.log).toBe(0);
      expect(install.stderr).not.toContain('EBADENGINE');
      expect(existsSync(path.join(consumer, 'node_modules/@coup/sdk/dist/index.js'))).toBe(true);
    },
  );

  it('exports at run time every value its declarations promise', { timeout: 60_000 }, async () => {
    expect(consumer).not.toBe('');
    const dts = readFileSync(path.join(consumer, 'node_modules/@coup/sdk/dist/index.d.ts'), 'utf8');
    const declared = [...dts.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((m) => m[1]);
    expect(declared).toEqual(expect.arrayContaining(['createAgent', 'verifySignature', 'DecisionRequest']));
    const r = await runCommand(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import * as sdk from '@coup/sdk'; console.log(JSON.stringify(Object.keys(sdk)))",
      ],
      { cwd: consumer },
    );
    expect(r.code, r.log).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expect.arrayContaining(declared));
  });

  it('its declarations type-check a TypeScript agent (strict, NodeNext)', { timeout: 120_000 }, async () => {
    expect(consumer).not.toBe('');
    await writeFile(path.join(consumer, 'typed.ts'), TYPED);
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
          typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const r = await runCommand(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer });
    expect(r.code, r.log).toBe(0);
  });

  it(
    'a plain JavaScript agent plays coup play matches and answers /check, checking signatures',
    { timeout: 180_000 },
    async () => {
      expect(consumer).not.toBe('');
      // Registered first, for its secret; then pointed at where the agent listens.
      const registered = await h.registerAgent(owner.key, {
        name: uniqueName('plain-js'),
        endpointUrl: 'http://127.0.0.1:9',
      });
      await writeFile(path.join(consumer, 'agent.mjs'), AGENT);
      const started = await startServer(
        process.execPath,
        ['agent.mjs'],
        { cwd: consumer, env: cleanEnv({ COUP_AGENT_SECRET: registered.secret }) },
        /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      );
      agent = started.child;
      const url = started.match;

      const [signed, unsigned] = await Promise.all([
        runCli([
          'play',
          url,
          'bot:random',
          'bot:heuristic',
          '--games',
          '3',
          '--seed',
          'sdk',
          '--secret',
          registered.secret,
          '--json',
        ]),
        runCli(['play', url, 'bot:random', '--games', '1', '--seed', 'sdk', '--json']),
      ]);
      expect(signed.code, signed.stderr).toBe(0);
      const ok = JSON.parse(signed.stdout) as { agents: { agent: string; games: number; faults: number }[] };
      expect(ok.agents[0]).toMatchObject({ agent: url, games: 3, faults: 0 });
      expect(unsigned.code, unsigned.stderr).toBe(0);
      const refused = JSON.parse(unsigned.stdout) as { agents: { faultReasons: Record<string, number> }[] };
      expect(refused.agents[0]!.faultReasons).toEqual({ http_status: 3 });

      const patched = await h.api('PATCH', `/v1/agents/${registered.id}`, {
        key: owner.key,
        body: { endpointUrl: url },
      });
      expect(patched.status).toBe(200);
      const check = await h.api<Record<string, unknown>>('POST', `/v1/agents/${registered.id}/check`, {
        key: owner.key,
      });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({
        ok: true,
        fault: null,
        answer: { action: expect.any(Object), comment: 'a plain JavaScript agent' },
      });

      // A new secret on the platform: the agent still has the old one, so it refuses the signed request.
      const rotated = await h.api('POST', `/v1/agents/${registered.id}/rotate-secret`, { key: owner.key });
      expect(rotated.status).toBe(200);
      const wrong = await h.api<Record<string, unknown>>('POST', `/v1/agents/${registered.id}/check`, {
        key: owner.key,
      });
      expect(wrong.body).toMatchObject({ ok: false, fault: { reason: 'http_status', message: 'HTTP 401' } });
    },
  );

  it("the README's 10-line agent plays coup play", { timeout: 120_000 }, async () => {
    expect(consumer).not.toBe('');
    const readme = readFileSync(path.join(REPO_ROOT, 'packages/sdk/README.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code, 'a js block in packages/sdk/README.md').toBeDefined();
    await writeFile(path.join(consumer, 'readme-agent.mjs'), code!.replace('listen(8000)', 'listen(0)'));
    const started = await startServer(
      process.execPath,
      ['readme-agent.mjs'],
      { cwd: consumer, env: cleanEnv({ COUP_AGENT_SECRET: 'readme-secret' }) },
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    );
    readmeAgent = started.child;
    const r = await runCli([
      'play',
      started.match,
      'bot:random',
      'bot:heuristic',
      '--games',
      '3',
      '--seed',
      'readme',
      '--secret',
      'readme-secret',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { agents: { games: number; faults: number }[] };
    expect(summary.agents[0]).toMatchObject({ games: 3, faults: 0 });
  });
});
