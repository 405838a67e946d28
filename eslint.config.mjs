import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-docs/', 'coverage/', 'node_modules/', '.provider-data/', 'src/api/generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector / useAppDispatch from @/app/hooks.' },
            { name: '@mui/material', message: 'Import MUI components by path (@mui/material/Button).' },
            { name: '@mui/icons-material', message: 'Import icons by path (@mui/icons-material/Menu).', allowTypeImports: true },
            { name: '@stripe/stripe-js', message: 'Load Stripe through @stripe/stripe-js/pure, on the action that needs it.' },
          ],
          patterns: [{ group: ['@/api/generated', '@/api/baseApi', '@/api/baseQuery'], message: 'Use the API layer through @/api (src/api/index.ts).' }],
        },
      ],
    },
  },
  {
    files: ['src/api/**', 'src/app/store.ts', 'src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared components know no feature.' }] }],
    },
  },
  {
    files: ['test/app/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['scripts/**', 'provider/**', 'test/provider/**', 'test/e2e/**', '*.config.{ts,mjs}', 'webpack.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
