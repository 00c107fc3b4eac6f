/**
 * The TOML parser and writer (smol-toml), from one place. The CLI bundle (scripts/bundle-cli.js)
 * takes smol-toml in: every command reads config.toml, and loading the package's files one by one
 * costs about 9 ms against about 4 ms bundled. Import smol-toml's run-time values from here;
 * type-only imports cost nothing.
 */
export { parse, stringify, TomlError } from 'smol-toml';
