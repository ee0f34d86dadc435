import { packSdkInto } from './sdk';

// `tsx tools/package/pack-sdk.ts <dir>`: packs @coup/sdk into <dir> without touching packages/sdk, and
// prints the tarball's path (`coup new agent --lang ts` runs it in a checkout of the repository).

const [dest] = process.argv.slice(2);
if (!dest) throw new Error('usage: tsx tools/package/pack-sdk.ts <destination folder>');
process.stdout.write(`${await packSdkInto(dest)}\n`);
