// @coup/archive-format: the shapes of the public human games archive (docs/ARCHIVE.md) as zod schemas, with
// nothing else: decoded and compact games, the human baselines, a game's turn-by-turn timeline and the
// names of the rules where the archive's server differs from ours. Kept apart from @coup/archive (the
// importer, checker and re-play, which need Postgres) so the REST contract, and the web and CLI clients
// built on it, depend on these shapes without pulling in a database.
export * from './format';
export * from './baselines-schema';
export * from './timeline';
export * from './rule-differences';
