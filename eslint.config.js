import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

// The engine is pure and deterministic (docs/DESIGN.md): the same state and input give the same result
// on every machine, its randomness comes from the seed in the state. So its code reads no clock, draws no
// Math.random, and does no I/O: no timers, no process, no Node modules.
const ENGINE_IMPURE = 'the engine is pure: no clock, no Math.random, no I/O (docs/DESIGN.md)';
const enginePurity = {
  files: ['packages/engine/src/**/*.ts'],
  ignores: ['packages/engine/src/**/*.test.ts', 'packages/engine/src/testing/**'],
  rules: {
    'no-restricted-globals': [
      'error',
      ...[
        'Date',
        'performance',
        'process',
        'setTimeout',
        'setInterval',
        'setImmediate',
        'clearTimeout',
        'clearInterval',
        'clearImmediate',
        'queueMicrotask',
        'fetch',
        'crypto',
        'require',
        'global',
        'globalThis',
      ].map((name) => ({ name, message: ENGINE_IMPURE })),
    ],
    'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: ENGINE_IMPURE }],
    'no-restricted-imports': [
      'error',
      {
        paths: builtinModules.map((name) => ({ name, message: ENGINE_IMPURE })),
        patterns: [{ group: ['node:*'], message: ENGINE_IMPURE }],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'packages/db/src/generated/**',
      'examples/**/*.py',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  enginePurity,
);
