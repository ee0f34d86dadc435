// The shapes the web UI reads from the API (see apps/api/src/schemas). Only what the pages use.

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
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
  description: string;
  total: number;
  items: LeaderboardEntry[];
  nextOffset: number | null;
}

export interface Rating {
  rating: number;
  rd: number;
  vol: number;
  conservative: number;
  provisional: boolean;
  games: number;
  wins: number;
}

export interface RatingPoint {
  periodIndex: number;
  periodEnd: string;
  rating: number;
  rd: number;
  games: number;
}

export interface BehaviourStats {
  matches: number;
  decisions: number;
  bluffRate: number | null;
  challengeRate: number | null;
  challengeSuccess: number | null;
  blockRate: number | null;
  faultRate: number | null;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
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
  rating: Rating | null;
  createdAt: string;
  ratingHistory?: RatingPoint[];
  stats?: BehaviourStats;
}

export type MatchStatus = 'queued' | 'running' | 'finished' | 'aborted';

export interface MatchSeat {
  seat: number;
  agent: { id: string; name: string };
  place: number | null;
  faults: number;
  forfeited: boolean;
}

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
  seats: MatchSeat[];
  ranking: number[][] | null;
}

/** An official event (GET /v1/events), when the platform runs them. */
export interface EventSummary {
  id: string;
  name: string;
  format: 'round_robin' | 'swiss';
  seatsPerMatch: number;
  rounds: number;
  entry: 'list' | 'open';
  startsAt: string;
  status: 'open' | 'running' | 'finished';
  rated: boolean;
  createdAt: string;
  entrantCount: number;
  currentRound: number;
}

export interface AgentRef {
  id: string;
  name: string;
  isHouse: boolean;
}

export interface Standing {
  rank: number;
  agent: AgentRef;
  points: number;
  played: number;
  wins: number;
  buchholz: number;
  meanPlace: number | null;
}

/** The detail adds the matches of each round drawn so far. */
export interface EventDetail extends EventSummary {
  scoring: string;
  entrants: { agent: AgentRef; owner: { id: string; name: string }; enteredAt: string }[];
  standings: Standing[];
  schedule: { round: number; matches: Match[] }[];
}
