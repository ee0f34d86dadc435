// Where the archive's server (treason) and our engine play by different rules, by name. The re-play
// (replay-check.ts) counts a turn that parts ways with our engine under one of these when that rule
// explains the difference exactly; anything else is a disagreement (a record our rules and theirs cannot
// both explain). docs/ARCHIVE.md lists the same names.

export const RULE_DIFFERENCES = {
  action_after_game_over:
    'their server still resolves the action when the game is won inside the turn (the winner keeps a tax after a failed challenge); ours ends the game at once',
  steal_from_eliminated:
    'their server takes the coins of a steal whose target was eliminated earlier in the turn; ours takes nothing',
  block_challenged_by_other_seat:
    'their server lets any seat challenge a block; ours only the actor (the turn is not re-played further)',
  assassination_refund:
    'their server (since mid-2017) refunds the 3 coins of an assassination whose claim is successfully challenged; ours does not',
  two_player_first_coin:
    'their server (since late 2017) starts the first player of a 2-player game with 1 coin; ours deals 2 coins to each seat',
  leaver_ends_turn:
    'their server ends the turn at once when a seat leaves while it owes a card (the card and the rest of the turn are skipped); ours takes the leave as the card and goes on',
} as const;

export type RuleDifference = keyof typeof RULE_DIFFERENCES;

export const RULE_DIFFERENCE_NAMES = Object.keys(RULE_DIFFERENCES) as RuleDifference[];
