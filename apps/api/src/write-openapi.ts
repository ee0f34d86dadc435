// `npm run openapi`: regenerates openapi.yaml at the repository root (a test fails when it is stale).
import { writeFileSync } from 'node:fs';
import { repoRoot } from '@coup/db';
import path from 'node:path';
import { openapiYaml } from './openapi-doc';

const file = path.join(repoRoot, 'openapi.yaml');
writeFileSync(file, await openapiYaml());
console.log(`wrote ${file}`);
process.exit(0);
