/**
 * The TOML parser and writer (smol-toml), from one place. The CLI bundle (scripts/bundle-cli.js)
 * takes smol-toml in, since every command reads config.toml; a dynamic `import('smol-toml')` (the
 * `-o toml` output) would stay outside it and make Node load a second copy, file by file, while
 * one of this module is the copy already in the bundle. Import smol-toml's run-time values from
 * here; type-only imports cost nothing.
 */
export { parse, stringify, TomlError } from 'smol-toml';
