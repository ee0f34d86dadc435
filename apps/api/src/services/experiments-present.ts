import type { RulesetId } from '@coup/engine';
import type { ExperimentRow } from '../repositories/experiments';
import { experimentResults } from './experiment-results';

export interface Viewer {
  accountId: string | null;
  isAdmin: boolean;
}

/**
 * An experiment as the API lists it: public (its matches are casual matches anyone can watch), except the
 * strategy prompts themselves, which only its owner (and the operator) sees.
 */
export function presentExperimentSummary(
  e: ExperimentRow,
  names: Map<string, string>,
  viewer: Viewer,
  publicUrl: string,
  r = experimentResults(e),
) {
  const privileged = viewer.isAdmin || viewer.accountId === e.ownerId;
  const promptText = new Map(e.arms.map((a) => [a.index, a.agent.strategyPrompt ?? '']));
  return {
    id: e.id,
    name: e.name,
    owner: e.owner,
    status: e.status,
    modelName: e.modelName,
    ruleset: e.ruleset as RulesetId,
    deals: e.deals,
    seatsPerMatch: 1 + e.opponentIds.length,
    opponents: e.opponentIds.map((id) => ({ id, name: names.get(id) ?? id })),
    timeoutMs: e.timeoutMs,
    // Every deal that will ever be played has ended: the seed is revealed.
    seed: e.status === 'running' ? null : e.seed,
    confidence: r.confidence,
    prompts: r.prompts.map((p) => (privileged ? { ...p, strategyPrompt: promptText.get(p.index) ?? '' } : p)),
    comparisons: r.comparisons,
    progress: r.progress,
    createdAt: e.createdAt.toISOString(),
    finishedAt: e.finishedAt?.toISOString() ?? null,
    links: { self: `${publicUrl}/v1/experiments/${e.id}`, web: `${publicUrl}/experiments/${e.id}` },
  };
}

/** The summary and every deal so far: each prompt's match and place. */
export function presentExperiment(
  e: ExperimentRow,
  names: Map<string, string>,
  viewer: Viewer,
  publicUrl: string,
) {
  const r = experimentResults(e);
  return {
    ...presentExperimentSummary(e, names, viewer, publicUrl, r),
    dealResults: r.deals.map((d) => ({
      deal: d.deal,
      groupId: d.groupId,
      rotation: d.rotation,
      complete: d.complete,
      matches: d.matches,
    })),
  };
}
