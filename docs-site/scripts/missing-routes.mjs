// Prints the nav routes that have no content yet, with the file to create for each:
// npm run -w docs-site missing-routes  (add --json for a machine-readable list)
import { relative } from 'node:path';
import { contentFilesForRoute, missingRoutes, readNav, SITE_DIR } from '../lib/routes.mjs';

const nav = readNav();
const missing = missingRoutes(nav);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(missing, null, 1));
} else {
  for (const route of missing) console.log(`${route.url}\t${route.title}\t-> ${relative(SITE_DIR, contentFilesForRoute(route.url)[0])}`);
  console.log(`\n${missing.length} of ${nav.routes.length} nav routes have no content yet.`);
}
