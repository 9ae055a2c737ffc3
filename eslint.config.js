// Type-aware linting: the rules library is where a wrong number hides, so
// floating promises and unsafe any are errors everywhere.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['.scratch/**', 'dist/**', 'node_modules/**', 'src/generated/**', '.data/**', 'coverage/**'] },
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
