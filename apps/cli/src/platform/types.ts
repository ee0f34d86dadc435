// The parts of the API's responses the CLI reads (apps/api/src/schemas, openapi.yaml). Only types: the
// CLI prints what the platform says and passes --json output through untouched.

export interface Account {
  id: string;
  name: string;
  keyPrefix: string;
  isAdmin: boolean;
  createdAt: string;
}

export interface AccountCreated {
  account: Account;
  apiKey: string;
}

export interface Agent {
  id: string;
  name: string;
  owner: { id: string; name: string };
  transport: 'http' | 'ws';
  status: 'active' | 'paused' | 'disabled';
  statusReason?: string | null;
  modelName: string | null;
  isHouse: boolean;
  inQueue: boolean;
  queueReason?: string | null;
  endpointUrl?: string | null;
  rating: {
    rating: number;
    rd: number;
    conservative: number;
    provisional: boolean;
    games: number;
    wins: number;
  } | null;
  createdAt: string;
}

export interface AgentCreated {
  agent: Agent;
  secret: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CheckResult {
  ok: boolean;
  latencyMs: number;
  answer: unknown;
  fault: { reason: string; message: string } | null;
}

export interface QueueState {
  agentId: string;
  inQueue: boolean;
  joinedAt: string | null;
  reason: string | null;
}

export type MatchStatus = 'queued' | 'running' | 'finished' | 'aborted';

export interface Match {
  id: string;
  status: MatchStatus;
  ranked: boolean;
  seedCommitment: string;
  seed: string | null;
  engineVersion: string | null;
  rulesetVersion: string | null;
  protocolVersion: string | null;
  timeoutMs: number;
  eventId: string | null;
  eventRound: number | null;
  attempts: number;
  abortReason: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  seats: {
    seat: number;
    agent: { id: string; name: string };
    place: number | null;
    faults: number;
    forfeited: boolean;
  }[];
  ranking: number[][] | null;
}

export interface LeaderboardEntry {
  rank: number;
  agent: { id: string; name: string; isHouse: boolean; modelName: string | null };
  owner: { id: string; name: string };
  rating: number;
  rd: number;
  conservative: number;
  games: number;
  wins: number;
  winRate: number | null;
  provisional: boolean;
}

export interface Leaderboard {
  total: number;
  items: LeaderboardEntry[];
  nextOffset: number | null;
}
