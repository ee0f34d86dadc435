export { webPlugin, DEFAULT_API_PREFIXES } from './plugin';
export type { WebPluginOptions } from './plugin';
export { buildBundle } from './bundle';
export type { Bundle, Asset } from './bundle';
