import * as z from 'zod';
import { AgentId, Ruleset } from './common';

// What a client sends to open a casual table with its own seat (POST /v1/tables). A module of its own,
// importing only zod and ./common, so the web UI's play page checks its form with this very schema
// (@coup/api-contract/forms).

export const TableCreate = z
  .strictObject({
    /**
     * The agents to play against, 1 to 5, in seat order around the person: house agents, the caller's
     * own agents, or agents whose owners allow challenges (`allowChallenges`). One may sit more than once.
     */
    opponents: z
      .array(AgentId)
      .min(1, 'opponents: expected 1 to 5 agent ids')
      .max(5, 'opponents: expected 1 to 5 agent ids'),
    /** The person's seat (0 = first in seat order); default 0. The opponents fill the others in order. */
    seat: z.number().int().min(0).max(5).optional(),
    /** The ruleset it is played by (default `original`); every opponent must accept it. */
    ruleset: Ruleset.default('original'),
  })
  .refine((b) => b.seat === undefined || b.seat <= b.opponents.length, {
    path: ['seat'],
    message: 'seat: expected 0 to the number of opponents (the table has one seat more than opponents)',
  });
