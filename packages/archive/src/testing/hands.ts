import type { ArchiveEvent, ArchivePlayerState, ArchiveRole, DecodedGame } from '@coup/archive-format';

// Small builders for hand-written archive games in tests: a player's state, and a game of given events.

/** A player state: coins and two cards, face-down unless `revealed` says otherwise. */
export function hand(
  cash: number,
  a: ArchiveRole,
  b: ArchiveRole,
  revealed = [false, false],
): ArchivePlayerState {
  return {
    cash,
    influence: [
      { role: a, revealed: revealed[0]! },
      { role: b, revealed: revealed[1]! },
    ],
  };
}

/** The state with every card revealed (a player that left or was eliminated). */
export const out = (s: ArchivePlayerState): ArchivePlayerState => ({
  ...s,
  influence: s.influence.map((c) => ({ ...c, revealed: true })),
});

/** An original game of these events; the players and the result are read from its first and last snapshots. */
export function gameOf(events: ArchiveEvent[], over: Partial<DecodedGame> = {}): DecodedGame {
  const first = events.find((e) => e.type === 'START_OF_TURN');
  const last = events.at(-1);
  const n = first?.type === 'START_OF_TURN' ? first.playerStates.length : 2;
  const winner =
    last?.type === 'GAME_OVER'
      ? Math.max(
          0,
          last.playerStates.findIndex((s) => s.influence.some((c) => !c.revealed)),
        )
      : 0;
  return {
    gameId: 'g',
    gameType: 'original',
    playerCount: n,
    playerIds: Array.from({ length: n }, (_, p) => `p${p}`),
    winner,
    playerRank: [winner, ...Array.from({ length: n }, (_, p) => p).filter((p) => p !== winner)],
    events,
    ...over,
  };
}
