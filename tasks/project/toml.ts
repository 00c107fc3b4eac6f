/**
 * The TOML parser and writer (smol-toml), from one place. `npm run build` bundles this module with
 * smol-toml into one file (scripts/bundle-modules.js): every command reads config.toml, and
 * loading the package's files one by one costs about 9 ms against about 4 ms for the bundle.
 * Import smol-toml's run-time values from here; type-only imports cost nothing.
 */
export { parse, stringify, TomlError } from 'smol-toml';
