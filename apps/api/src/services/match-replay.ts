import type { PrismaClient } from '@coup/db';
import { unpackReplay } from '@coup/db';
import { isEngineVersion, unknownEngineVersion } from '@coup/engine';
import { Replay, compactReplayCodec, replayForSeat } from '@coup/protocol';
import { fromReplay } from '@coup/archive';
import { TreasonExport } from '@coup/api-contract';
import type { ReplayQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { findMatchReplay } from '../repositories/matches';
import { groupStillPlaying } from './group-deal';

// GET /v1/matches/:id/replay: the whole replay, one seat's, or the game as the human archive writes it.

/** Either the stored JSON text, sent as it is, or a value the route serialises. */
export type ReplayAnswer = { json: string } | { value: unknown };

export async function matchReplay(
  prisma: PrismaClient,
  id: string,
  q: z.output<typeof ReplayQuery>,
): Promise<ReplayAnswer> {
  const m = await findMatchReplay(prisma, id);
  if (!m) throw notFound(`match ${id}`);
  if (m.status !== 'finished' || !m.replay) {
    throw new HttpError(
      409,
      'match_not_finished',
      `match ${id} is ${m.status}; its replay is published when it ends`,
    );
  }
  if (groupStillPlaying(m.group)) {
    throw new HttpError(
      409,
      'match_group_not_finished',
      `match ${id} shares its deal with matches of its group still being played; its ` +
        'replay is published when the whole group has ended',
    );
  }
  const seat = q.seat;
  const packed = m.replay.packed;
  if (q.format === 'treason') {
    if (seat !== undefined)
      throw new HttpError(400, 'validation_failed', 'format=treason is the whole game: it takes no seat');
    const out = fromReplay(
      Replay.parse(packed ? JSON.parse(unpackReplay(packed, compactReplayCodec)) : m.replay.data),
    );
    // A stored replay that no longer re-runs (an unknown engine version) cannot be exported.
    if (!out.ok) throw new HttpError(409, 'not_exportable', `match ${id}: ${out.error}`);
    return { value: TreasonExport.parse(out.game) };
  }
  // The full replay is sent as the stored JSON text (what the runner returned, or its compact form expanded
  // back to that very text: checked when it was stored), never parsed and re-serialised; rows stored
  // before packed replays keep their JSONB and are served as they were.
  if (packed && seat === undefined) return { json: unpackReplay(packed, compactReplayCodec) };
  const replay = Replay.parse(packed ? JSON.parse(unpackReplay(packed, compactReplayCodec)) : m.replay.data);
  if (seat === undefined) return { value: replay };
  if (!m.seats.some((s) => s.seat === seat)) throw notFound(`seat ${seat} in match ${id}`);
  // A seat's replay is rebuilt by re-running the engine version that recorded the match.
  if (!isEngineVersion(replay.engineVersion)) {
    throw new HttpError(409, 'unknown_engine_version', unknownEngineVersion(replay.engineVersion));
  }
  return { value: replayForSeat(replay, seat) };
}
