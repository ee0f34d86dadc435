import { InvalidArgumentError } from 'commander';

// Option parsers for commander: a bad value is reported by commander as
// "option '--games <n>' argument 'x' is invalid. <our message>", with a non-zero exit.

export function positiveInt(name: string, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < 1)
      throw new InvalidArgumentError(`${name} must be a positive integer.`);
    if (n > max) throw new InvalidArgumentError(`${name} must be at most ${max}.`);
    return n;
  };
}

export function nonNegativeInt(name: string, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`${name} must be a non-negative integer.`);
    if (n > max) throw new InvalidArgumentError(`${name} must be at most ${max}.`);
    return n;
  };
}

export function nonEmpty(name: string): (value: string) => string {
  return (value) => {
    if (value.length === 0) throw new InvalidArgumentError(`${name} must not be empty.`);
    return value;
  };
}
