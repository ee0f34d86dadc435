// Duplicate play (match groups, @coup/platform match-groups.ts) deals every match of a group the same
// cards. A finished match's seed and replay would show the deal of its siblings still being played, so a
// grouped match publishes them only once every match of its group has ended (the count: repositories/
// matches.ts groupPending).

export function groupStillPlaying(group: { _count: { matches: number } } | null): boolean {
  return group !== null && group._count.matches > 0;
}
