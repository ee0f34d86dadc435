import { InvalidArgumentError } from 'commander';
// The ids alone (a module without imports): commands are registered at every start of the CLI.
import { RULESET_IDS } from '@coup/engine/names';
import type { RulesetId } from '@coup/engine/names';

// The platform commands' ruleset options, checked against the engine's rulesets (the API checks them too).

const known = (): string => RULESET_IDS.join(', ');

/** `--ruleset <id>`: one of the engine's rulesets. */
export function rulesetArg(name: string): (value: string) => RulesetId {
  return (value) => {
    if (!(RULESET_IDS as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`${name}: unknown ruleset "${value}" (known: ${known()}).`);
    }
    return value as RulesetId;
  };
}

/** `--rulesets <a,b>`: a comma-separated list of the engine's rulesets, each once. */
export function rulesetsArg(name: string): (value: string) => RulesetId[] {
  const one = rulesetArg(name);
  return (value) => {
    const ids = value.split(',').map((s) => one(s.trim()));
    if (new Set(ids).size !== ids.length) throw new InvalidArgumentError(`${name} lists a ruleset twice.`);
    return ids;
  };
}
