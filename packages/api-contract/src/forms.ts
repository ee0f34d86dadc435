// The request schemas the web UI validates its forms with, so a form says what the API would say before it
// is sent. Only modules that import nothing but zod and ./common: the browser bundle gets these schemas and
// the zod they need (imported as `* as z`, so the bundler leaves out what they do not use), nothing else.
export { Name } from './common';
export { AccountCreate } from './accounts';
export { AgentCreate, AgentUpdate, TRANSPORTS } from './agent-input';
export { ExperimentCreate, MAX_EXPERIMENT_PROMPTS } from './experiment-input';
export { TableCreate } from './table-input';
