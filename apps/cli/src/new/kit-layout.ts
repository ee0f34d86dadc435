// Where `coup new` finds what it copies into a new agent's folder, as paths relative to a base folder:
// the `kits` folder beside the bundle in an installed `coup` (written when the CLI is packed, by
// tools/package/cli.ts), or the repository's root in a checkout.

export const KIT_LAYOUT = {
  /** Installed: the templates of each language. Repository: apps/cli/templates. */
  templates: 'templates',
  /** Installed: the Python kit's package. Repository: its sources. */
  pythonKit: 'python/coup_agent',
  /** Installed: sample decision requests for the agents' tests. Repository: the protocol's fixtures. */
  fixtures: 'fixtures',
} as const;

export const REPO_LAYOUT = {
  templates: 'apps/cli/templates',
  pythonKit: 'examples/python-agent/src/coup_agent',
  fixtures: 'packages/protocol/fixtures',
} as const;

/** The sample requests copied from the fixtures: every decision request of PROTOCOL.md. */
export const isSampleRequest = (file: string): boolean => /^decision-[a-z_]+\.json$/.test(file);
