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
    // kysely's run-time values come from tasks/db/kysely.ts, with the one way the tool queries a
    // connection it holds; pg's from tasks/db/pg-driver.ts, which keeps it from loading Node's
    // fetch client; smol-toml's from tasks/project/toml.ts, the one copy in the CLI bundle.
    files: ['cli/**/*.ts', 'tasks/**/*.ts', 'machines/**/*.ts'],
    ignores: ['tasks/db/kysely.ts', 'tasks/db/pg-driver.ts', 'tasks/project/toml.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          { name: 'kysely', message: 'Import kysely values from tasks/db/kysely.ts; types may come from kysely.', allowTypeImports: true },
          { name: 'kysely/helpers/postgres', message: 'Import it from tasks/db/kysely.ts.', allowTypeImports: true },
          { name: 'pg', message: 'Import the driver from tasks/db/pg-driver.ts (it loads without fetch); types may come from pg.', allowTypeImports: true },
          { name: 'smol-toml', message: 'Import the TOML parser from tasks/project/toml.ts (one copy in the CLI bundle).', allowTypeImports: true },
        ],
      }],
    },
  },
  {
    // bin/ is CommonJS (bin/package.json): Node starts a CommonJS entry faster.
    files: ['**/*.cjs', 'bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
