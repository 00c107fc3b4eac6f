/**
 * Writes the artifacts the docs site renders (docs-site/generated/): the CLI command spec, the
 * state-machine diagrams and the parsed Management API. The site never imports CLI internals;
 * this script is the one bridge, so `npm run build -w docs-site` runs it first.
 * Run: npx tsx scripts/docs-artifacts.ts
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { buildCliSpec } from '../cli/docs/cli-spec.js';
import { MACHINE_DEFINITIONS } from '../machines/registry.js';
import { renderDiagrams } from '../machines/diagram/render-diagram.js';
import { buildManagementApi } from './docs-artifacts/management-api.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SITE = join(ROOT, 'docs-site');
const GENERATED = join(SITE, 'generated');
const DATA = join(SITE, 'data');
// The research catalogues live outside the repository on the build machines; the copies in
// docs-site/data/ are committed so CI (which only clones the repo) builds the same site.
const REFERENCE = process.env.DOCS_REFERENCE_DIR ?? '/work/shared/reference';
const CATALOGUES = ['extensions.json', 'log-schemas.json', 'auth-providers.json'];

function writeJson(name: string, value: unknown): void {
  writeFileSync(join(GENERATED, name), `${JSON.stringify(value, null, 1)}\n`);
  console.log(`docs-artifacts: wrote generated/${name}`);
}

function refreshCatalogues(): void {
  for (const name of CATALOGUES) {
    const source = join(REFERENCE, name);
    if (existsSync(source)) {
      copyFileSync(source, join(DATA, name));
      chmodSync(join(DATA, name), 0o644); // the reference folder is read-only; the copy must not be
    }
    else if (!existsSync(join(DATA, name))) throw new Error(`failed to find catalogue ${name}: neither ${source} nor docs-site/data/${name} exists`);
  }
}

/** Mermaid text per machine: the code behind `supabase machines <name> --format mermaid`. */
function machineDiagrams() {
  return {
    machines: MACHINE_DEFINITIONS.map((definition) => ({
      name: definition.name,
      description: definition.description,
      events: definition.events,
      mermaid: renderDiagrams([definition], 'mermaid'),
    })),
  };
}

async function main(): Promise<void> {
  mkdirSync(GENERATED, { recursive: true });
  refreshCatalogues();
  writeJson('cli-spec.json', buildCliSpec());
  writeJson('management-api.json', buildManagementApi(parse(readFileSync(join(DATA, 'management-api.yaml'), 'utf8'))));
  writeJson('machines.json', machineDiagrams());
}

main().catch((error: unknown) => {
  console.error(`docs-artifacts: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
