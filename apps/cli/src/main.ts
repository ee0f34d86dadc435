import { CommanderError } from 'commander';
import { CliError, EXIT_FAILED, EXIT_USAGE, ExitCode } from './errors.ts';
import { createProgram } from './program.ts';

// The entry point of `coup` (bin/coup.js imports it). Turns every outcome into an exit code: user errors
// are one line on stderr, never a stack trace; unexpected errors show their stack only with COUP_DEBUG=1.

async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    return exitCodeOf(err);
  }
}

function exitCodeOf(err: unknown): number {
  if (err instanceof ExitCode) return err.exitCode;
  if (err instanceof CommanderError) {
    // Commander already printed its message (or the help, or the version): exit 0 for those, and the
    // usage code for every parse error.
    return err.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  if (err instanceof CliError) {
    process.stderr.write(`${err.display()}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`coup: unexpected error: ${message}\n`);
  if (process.env.COUP_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  else process.stderr.write('(set COUP_DEBUG=1 for details)\n');
  return EXIT_FAILED;
}

const code = await main(process.argv);
process.exitCode = code;
// Every command closes what it opened, so the process ends by itself (and stdout is fully flushed); this
// only guards against a stray handle (a slow agent's socket) keeping a finished command alive.
setTimeout(() => process.exit(code), 3000).unref();
