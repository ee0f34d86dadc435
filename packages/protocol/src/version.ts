/** Bumped only when a name of PROTOCOL.md is renamed or removed; added fields keep the version. */
export const PROTOCOL_VERSION = 1 as const;
