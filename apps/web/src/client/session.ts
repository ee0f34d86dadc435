import type { TableTicket } from './types';

// Who is signed in: the account's API key, kept in this browser's localStorage (the web UI has no other
// sign-in; the key is what the API takes). It never goes into a URL; requests send it as a bearer token.
// Tables' tickets are handed from the page that opened the table to the table's page in memory.

const STORAGE = 'coup.apiKey';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: signed in for this page only
  }
}

let memoryKey: string | null = null;

export function apiKey(): string | null {
  return storage()?.getItem(STORAGE) ?? memoryKey;
}

export function signIn(key: string): void {
  memoryKey = key;
  storage()?.setItem(STORAGE, key);
}

export function signOut(): void {
  memoryKey = null;
  storage()?.removeItem(STORAGE);
}

const tickets = new Map<string, TableTicket>();

/** Keeps a fresh table's ticket for its page. */
export function handTicket(t: TableTicket): void {
  tickets.set(t.matchId, t);
}

/** The ticket handed over for this table, once, if it has not expired. */
export function takeTicket(matchId: string): TableTicket | null {
  const t = tickets.get(matchId) ?? null;
  tickets.delete(matchId);
  return t && Date.parse(t.expiresAt) > Date.now() + 2000 ? t : null;
}
