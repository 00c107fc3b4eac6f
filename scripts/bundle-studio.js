// After tsc: builds the local Studio (studio/, React 18) into dist/studio as one minified script
// and one style sheet, which the local platform API serves at the studio port
// (tasks/local-platform-api/studio-page.ts). An IIFE rather than modules: the page loads one file,
// and React's production build is chosen by NODE_ENV at bundle time.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: { index: fileURLToPath(new URL('../studio/index.tsx', import.meta.url)) },
  outdir: fileURLToPath(new URL('../dist/studio', import.meta.url)),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // The chromium of Debian stable and any browser of the last two years.
  target: ['chrome109', 'firefox115', 'safari16'],
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: fileURLToPath(new URL('../studio/tsconfig.json', import.meta.url)),
});
