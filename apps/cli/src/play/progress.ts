import { SingleBar } from 'cli-progress';

export interface Progress {
  tick(): void;
  stop(): void;
}

const NONE: Progress = { tick() {}, stop() {} };

/** A progress bar on stderr, only for an interactive terminal and more than one game. */
export function progressBar(total: number): Progress {
  if (total <= 1 || !process.stderr.isTTY) return NONE;
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'games [{bar}] {value}/{total} | {percentage}% | {eta_formatted} left',
    barCompleteChar: '#',
    barIncompleteChar: '-',
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 50,
  });
  bar.start(total, 0);
  return {
    tick: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
