import { createMyAgent } from './agent.js';

// `npm start`: serves the agent over HTTP. PORT (default 8000), HOST (default 127.0.0.1; 0.0.0.0 for every
// interface) and COUP_AGENT_SECRET (the agent's secret, given when you register it) from the environment.

const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST ?? '127.0.0.1';
if (!process.env.COUP_AGENT_SECRET) {
  console.warn('warning: COUP_AGENT_SECRET is not set, so requests are not authenticated');
}
const { url } = await createMyAgent().listen(port, host);
console.log(`listening on ${url}`);
