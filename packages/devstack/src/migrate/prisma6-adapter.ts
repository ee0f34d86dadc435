import { randomUUID } from 'node:crypto';
import { PrismaPg } from 'adapter-pg6';

// The Prisma 6.19 CLI in JS-engine mode runs Prisma's WASM schema engine over this driver adapter; it is the
// only way to run `migrate dev|deploy|status` with no download on these machines (the Rust schema engine
// would be fetched from a CDN). Three bugs of @prisma/adapter-pg 6.19 are patched here; the recipe was
// verified in shared/notes/prisma-offline.

type PgConfig = {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  allowExitOnIdle: boolean;
};
type Queryable = { performIO(query: unknown): Promise<{ fields?: { dataTypeID: number }[] }> };
type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;

function pgConfigFrom(databaseUrl: string): PgConfig {
  const u = new URL(databaseUrl);
  return {
    host: decodeURIComponent(u.hostname),
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    // The CLI waits for the event loop to empty before exiting; idle pooled connections would hold it ~10 s.
    allowExitOnIdle: true,
  };
}

// prisma/orm#27403: the adapter rejects the catalog types "char" (oid 18) and name (oid 19) that the schema
// engine's introspection selects; they are plain text to it, so report them as text (oid 25).
function fixCatalogTypes(adapter: Adapter): Adapter {
  const queryable = adapter as unknown as Queryable;
  const performIO = queryable.performIO.bind(queryable);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const f of result.fields ?? []) if (f.dataTypeID === 18 || f.dataTypeID === 19) f.dataTypeID = 25;
    return result;
  };
  return adapter;
}

/**
 * The adapter factory for prisma/prisma6.config.ts. Besides the type fix, the shadow database (used by
 * `migrate dev`) is created by us under a unique name, because the adapter's own connectToShadowDb ignores
 * the name when given a connection string and drops the database while its pool is still connected.
 */
export function prisma6AdapterFactory(databaseUrl: string): PrismaPg {
  const pgConfig = pgConfigFrom(databaseUrl);
  const factory = new PrismaPg(pgConfig);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => fixCatalogTypes(await connect());
  factory.connectToShadowDb = async () => {
    const admin = await new PrismaPg(pgConfig).connect();
    const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = fixCatalogTypes(await new PrismaPg({ ...pgConfig, database: name }).connect());
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  };
  return factory;
}
