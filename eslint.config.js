// Lint rules for the root package (the docs site lints itself).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'docs-site/**', 'coverage/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // kysely's run-time values come from tasks/db/kysely.ts, which the build bundles into one
    // module; importing 'kysely' itself at run time would load its ~280 files one by one. pg's
    // come from tasks/db/pg-driver.ts, which keeps it from loading Node's fetch client; xstate's
    // from machines/kit/xstate.ts, bundled too (xstate is CommonJS, slow to import from ES modules);
    // smol-toml's from tasks/project/toml.ts, bundled (every command reads config.toml).
    files: ['cli/**/*.ts', 'tasks/**/*.ts', 'machines/**/*.ts'],
    ignores: ['tasks/db/kysely.ts', 'machines/kit/xstate.ts', 'tasks/project/toml.ts', 'tasks/db/pg-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          { name: 'kysely', message: 'Import kysely values from tasks/db/kysely.ts (bundled); types may come from kysely.', allowTypeImports: true },
          { name: 'kysely/helpers/postgres', message: 'Import it from tasks/db/kysely.ts (bundled).', allowTypeImports: true },
          { name: 'pg', message: 'Import the driver from tasks/db/pg-driver.ts (it loads without fetch); types may come from pg.', allowTypeImports: true },
          { name: 'xstate', message: 'Import xstate values from machines/kit/xstate.ts (bundled); types may come from xstate.', allowTypeImports: true },
          { name: 'smol-toml', message: 'Import the TOML parser from tasks/project/toml.ts (bundled).', allowTypeImports: true },
        ],
      }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
