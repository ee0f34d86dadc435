// Test helpers for hosted llm agents: a stand-in OpenAI-compatible server that plays from the prompt text
// (sharp or random, by a marker in the system message) and misbehaves on demand. Not for production use.
export { startStandInLlm } from './stand-in';
export type { StandInServer, StandInOptions, StandInCall, StandInBehaviour } from './stand-in';
export { STAND_IN_SHARP, STAND_IN_DULL, standInChoice, legalLines } from './stand-in-play';
export type { LegalLine } from './stand-in-play';
