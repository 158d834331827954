// ESLint flat config. Formatting is Prettier's job (eslint-config-prettier
// comes last and switches off every rule it would fight with).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Feature boundaries: a feature imports only from components/, lib/, app/,
// styles/, the test helpers and its own folder; shared code (components/,
// lib/) never reaches into a feature. What two features both need belongs in
// components/ or lib/.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `features/${feature} may import only from components/, lib/, app/, styles/ or its own folder.`,
  })),
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'Shared code (components/, lib/) must not depend on a feature.',
  },
];

export default tseslint.config(
  // Generated code (e.g. the client types generated from the OpenAPI document) is not linted.
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'src/lib/api-schema.d.ts',
      '**/generated/**',
      '**/*.gen.ts',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // It cannot tell a data-fetching effect (load on mount or change, set the state when the answer
      // comes, as React's own example does) from derived state: it flags a setState after an await too
      // (react/react#34905), so every fetching effect needed the same suppression.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    files: ['*.{js,ts}', 'e2e/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  prettier,
);
