// ESLint: typescript-eslint's recommended rules and React's rules of hooks. The syntax-only set:
// `npm run typecheck` already runs the compiler, and the type-aware set took minutes on this tree.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'test-results/', 'bench/results/', '.tmp/', 'screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A closure declared above it (a timer's handler, a fake server's reply) may read it first.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A rest pattern drops a key from a copy (`const { id: _id, ...rest } = row`); `_` marks the dropped one.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
);
