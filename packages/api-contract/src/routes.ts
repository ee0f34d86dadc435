import { Replay, SeatReplay } from '@coup/protocol';
import { z } from 'zod';
import { AccountCreate, AccountCreated, AccountMe } from './accounts';
import { AgentCreate, AgentUpdate } from './agent-input';
import { AgentCreated, AgentListQuery, AgentOut, CheckResult } from './agents';
import { Page } from './common';
import {
  DatasetDetail,
  DatasetGamesQuery,
  DatasetListQuery,
  DatasetOut,
  HumanGameOut,
  HumanGameRow,
} from './datasets';
import {
  EventCreate,
  EventDetail,
  EventEntryCreate,
  EventEntryOut,
  EventListQuery,
  EventOut,
} from './events';
import { ExperimentCreate } from './experiment-input';
import { ExperimentListQuery, ExperimentOut, ExperimentSummary } from './experiments';
import { Leaderboard, LeaderboardQuery, QueueState, RatingsCheck } from './ladder';
import { MatchCreate, MatchListQuery, MatchOut, TreasonExport } from './matches';
import { ModelList } from './models';
import { TableCreate } from './table-input';
import { TableCreated, TableTicket } from './tables';

// The REST API's routes (under /v1) as one table: `METHOD /path` to the zod schemas of its query, body and
// success response. The typed client (client.ts) takes its types from here, so a call's response type
// follows from its route and cannot be picked wrong; apps/api's route-table test checks every entry
// against the routes the API serves. A `:name` in the path is a path parameter; a route whose answer's
// shape depends on a query parameter has one entry per shape, the parameter written in the key
// (`?seat=:seat`).

interface RouteSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const ROUTES = {
  'POST /accounts': { body: AccountCreate, response: AccountCreated },
  'GET /accounts/me': { response: AccountMe },
  'POST /accounts/me/rotate-key': { response: AccountCreated },

  'POST /agents': { body: AgentCreate, response: AgentCreated },
  'GET /agents': { query: AgentListQuery, response: Page(AgentOut) },
  'GET /agents/:id': { response: AgentOut },
  'PATCH /agents/:id': { body: AgentUpdate, response: AgentOut },
  'DELETE /agents/:id': { response: z.null() },
  'POST /agents/:id/pause': { response: AgentOut },
  'POST /agents/:id/resume': { response: AgentOut },
  'POST /agents/:id/rotate-secret': { response: AgentCreated },
  'POST /agents/:id/check': { response: CheckResult },
  'POST /agents/:id/queue': { response: QueueState },
  'DELETE /agents/:id/queue': { response: QueueState },

  'POST /matches': { body: MatchCreate, response: MatchOut },
  'GET /matches': { query: MatchListQuery, response: Page(MatchOut) },
  'GET /matches/:id': { response: MatchOut },
  'GET /matches/:id/replay': { response: Replay },
  'GET /matches/:id/replay?seat=:seat': { response: SeatReplay },
  'GET /matches/:id/replay?format=treason': { response: TreasonExport },

  'GET /leaderboard': { query: LeaderboardQuery, response: Leaderboard },
  'POST /admin/ratings/check': { response: RatingsCheck },
  'GET /models': { response: ModelList },

  'POST /events': { body: EventCreate, response: EventOut },
  'GET /events': { query: EventListQuery, response: Page(EventOut) },
  'GET /events/:id': { response: EventDetail },
  'POST /events/:id/entries': { body: EventEntryCreate, response: EventEntryOut },
  'DELETE /events/:id/entries/:agentId': { response: z.null() },

  'POST /tables': { body: TableCreate, response: TableCreated },
  'POST /tables/:id/ticket': { response: TableTicket },

  'POST /experiments': { body: ExperimentCreate, response: ExperimentOut },
  'GET /experiments': { query: ExperimentListQuery, response: Page(ExperimentSummary) },
  'GET /experiments/:id': { response: ExperimentOut },
  'DELETE /experiments/:id': { response: ExperimentOut },

  'GET /datasets': { query: DatasetListQuery, response: Page(DatasetOut) },
  'GET /datasets/:id': { response: DatasetDetail },
  'GET /datasets/:id/games': { query: DatasetGamesQuery, response: Page(HumanGameRow) },
  'GET /datasets/:id/games/:ordinal': { response: HumanGameOut },
} as const satisfies Record<string, RouteSchemas>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;
