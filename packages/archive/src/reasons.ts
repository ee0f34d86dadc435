// Why a game of an imported file is refused: ONE reason per bad game, the first problem found, in the
// order the checks run (the element's size and JSON, shape, packed stream, players, grammar, indices,
// snapshots, turns, result).
// docs/ARCHIVE.md lists the same codes with examples; the importer counts bad games by these codes.

export const BAD_GAME_REASONS = {
  too_large: "the element is over the import's cap on one game's size (its bytes are not read)",
  too_deep: "the element nests deeper than any game (over the import's cap)",
  not_json: 'the element is not valid JSON',
  bad_shape: 'the game object does not have the archive fields with the right types',
  bad_base64: 'the compact events are not valid base64',
  truncated: 'the packed stream ends inside an event',
  unknown_event: 'a packed byte has no event type',
  unknown_action: 'an untagged action byte has no action code',
  unknown_role: 'a role code outside 1..5',
  observer_slot: "an event names an observer's seat, or the players' seats move between snapshots",
  bytes_after_game_over: 'bytes follow the GAME_OVER',
  no_game_over: 'the stream ends without a GAME_OVER',
  bad_players: 'playerIds holds more ids than players',
  bad_sequence: 'the events break the grammar',
  turn_without_action: 'a turn with no ACTION whose player did not leave (and no leaver ended the game)',
  player_out_of_range: 'an event names a player index outside 0..playerCount-1',
  bad_player_states: 'a snapshot does not hold one state with two cards per player',
  bad_roles: 'a role that is not in this game type, or more than 3 copies of a role at the table',
  bad_turn: 'the turn belongs to an eliminated player or not to the next living player',
  illegal_action: 'the action is not allowed: unaffordable, not a coup at 10+ coins, a bad target',
  bad_block: 'a block of an unblockable or cancelled action, with a wrong role, or by a wrong player',
  bad_challenge: 'a challenge of an unclaimed action, of the wrong player, or by an eliminated player',
  challenge_mismatch: "the challenge's outcome contradicts the challenged player's cards",
  card_mismatch: 'cards changed between snapshots in a way no event explains (un-revealed, swapped)',
  influence_mismatch: 'the number of cards lost in a turn is not what its events explain',
  cash_mismatch: "a player's coins changed in a way the turn's events do not explain",
  bad_result: 'winner, playerRank or the final snapshot disagree (not exactly one survivor, the winner)',
} as const;

export type BadGameReason = keyof typeof BAD_GAME_REASONS;

export type CheckResult = { ok: true } | { ok: false; reason: BadGameReason; detail: string };

export const fail = (reason: BadGameReason, detail: string): CheckResult => ({ ok: false, reason, detail });
