// Type-aware linting: the rules library is where a wrong number hides, so
// floating promises and unsafe any are errors everywhere.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['.scratch/**', '.stryker-tmp/**', 'dist/**', 'node_modules/**', 'src/generated/**', '.data/**', 'coverage/**', 'test/contract/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  {
    // node:test's test() returns a promise the runner itself awaits.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' }
  },
  {
    // The typed-client acceptance test reads every answer through the generated types: no cast, no `unknown`, no `any`.
    files: ['test/contract/typed-fight.test.ts'],
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error',
        { selector: 'TSUnknownKeyword', message: 'read answers through the generated types, not unknown' },
        { selector: 'TSAnyKeyword', message: 'read answers through the generated types, not any' }]
    }
  },
  {
    files: ['scripts/**', 'bench/**', 'test/load/**'],
    rules: { 'no-console': 'off' }
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } }
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' }
  }
)
