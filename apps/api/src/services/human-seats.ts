import { HttpError } from '../errors';

// A person's seat (transport `human`) is an agent row so that matches, replays and the WebSocket path treat
// it like any other seat; but people only ever sit at casual tables they open themselves (POST /v1/tables).
// Everything that would put one elsewhere (the ranked queue, events, POST /v1/matches, another account's
// table) is refused here, with one code.

export const HUMAN_NOT_ALLOWED = 'human_not_allowed';

export interface SeatKind {
  id: string;
  name: string;
  transport: string;
}

export const isHumanSeat = (a: { transport: string }): boolean => a.transport === 'human';

/** 409 human_not_allowed when `a` is a person's seat; `where` ends "a person's seat ... cannot <where>". */
export function refuseHumanSeat(a: SeatKind, where: string): void {
  if (!isHumanSeat(a)) return;
  throw new HttpError(
    409,
    HUMAN_NOT_ALLOWED,
    `agent ${a.name} (${a.id}) is a person's seat: it plays only at casual tables its owner opens ` +
      `(POST /v1/tables) and cannot ${where}`,
    { agentId: a.id },
  );
}
