import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'bench/results/', 'src/client/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The read model answers reads; it never reaches into the write path, the operations or
    // the HTTP layer (docs/design.md): it is given what it reads with (read-services.ts), and
    // writes tell it what changed through the change feed. Pure helpers of operations are allowed.
    files: ['src/read-model/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/http/*'], message: 'The read model does not import the HTTP layer.' },
          {
            regex: '/operations/(?!(access|list-page|output-buffer|products/etag|products/owner-profile)\\.js$)',
            message: 'The read model does not import operations (the write path, hooks, access rules, Services): it is given what it needs (read-services.ts).',
          },
        ],
      }],
    },
  },
  {
    // Operations read products through the read model's methods, never its caches (docs/design.md).
    files: ['src/operations/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          {
            regex: '/read-model/(?!products/(product-read-model|render|product-filter)\\.js$)',
            message: 'Operations use the read model through ProductReadModel (product-read-model.ts), not its caches.',
          },
        ],
      }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
