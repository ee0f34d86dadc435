/**
 * Exit codes of `coup`. 1 means "the thing you asked about failed" (a replay does not verify, a match
 * could not be played); 2 means "you asked wrongly" (bad flags, an agent that cannot be reached, a file
 * that cannot be read), so scripts can tell a bad input from a bad result.
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** An error meant for the user: printed as one message, never with a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }

  /** The line printed on stderr (platform API errors override it to show the API's code and status). */
  display(): string {
    return `coup: ${this.message}`;
  }
}

/** Ends the command with an exit code after it has printed its own output (e.g. a failed verify). */
export class ExitCode extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'ExitCode';
  }
}
