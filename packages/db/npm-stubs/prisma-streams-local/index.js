// Coup Arena does not use `prisma dev` (Prisma's local Postgres server), the only command that loads
// @prisma/streams-local; the real package requires Node 22 and made `npm ci` warn on Node 20 (README.md).
export async function startLocalDurableStreamsServer() {
  throw new Error(
    '@prisma/streams-local is a stub in Coup Arena (packages/db/npm-stubs): `prisma dev` is not supported here',
  );
}
