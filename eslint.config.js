// One lint setup for every workspace. Type-aware rules catch the async mistakes that matter
// most in a server that moves money (floating promises, promises passed where void is expected).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/server/drizzle/**', 'data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Production code never reaches into the demo generator: what both need lives in the
    // modules and the generator imports it. Only the entry point (server.ts, which main.ts runs: demo data on an empty
    // database), the generator itself and tests may.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/seed/**', 'packages/server/src/test/**', 'packages/server/src/**/*.test.ts', 'packages/server/src/main.ts', 'packages/server/src/server.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/seed/*', '**/seed'], message: 'Production code must not import the demo generator (seed/).' }] }],
    },
  },
  {
    // No import cycles in production source (issue 33). Table files once imported each other in a
    // circle of thirteen, and modules that each needed the other's job or helper knotted the same
    // way; a shared piece now lives in its own module. import-x/no-cycle follows each file's
    // imports (types excluded) through the workspace packages, so the contracts cannot reach back
    // into server or web either. Tests are left out: they may import what they check from anywhere.
    files: ['packages/server/src/**/*.ts', 'packages/contracts/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts', '**/*.test-helpers.ts', 'packages/server/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // No production function over 120 lines (issue 33). A function that long is several jobs in
    // one: a form with every section inline, a screen with its toolbar and dialogs, a gateway with
    // every operation. Split it into sections, hooks and helpers that each own their part, so a
    // reader finds a field or a rule in a function that fits on a screen. Blank lines and comments
    // do not count: explaining why is never what pushes a function over. Tests, e2e, bench and
    // scripts are left out (a test's table of cases may be long); the demo generator's data
    // tables are module-level constants, which the rule does not measure.
    files: ['packages/server/src/**/*.ts', 'packages/contracts/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.test-helper.ts',
      '**/*.test-helpers.ts',
      'packages/server/src/test/**',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@almoner/server', '**/server/**'] }],
    },
  },
);
