export { playBotMatches } from './bot-games';
