import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import tseslint from 'typescript-eslint';

/** Import bans every file of src/ keeps, keyed so that one folder can lift one of them. */
const basePaths = {
  reduxHooks: { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector / useAppDispatch from @/app/hooks.' },
  muiBarrel: { name: '@mui/material', message: 'Import MUI components by path (@mui/material/Button).' },
  iconsBarrel: { name: '@mui/icons-material', message: 'Import icons by path (@mui/icons-material/Menu).', allowTypeImports: true },
  stripe: { name: '@stripe/stripe-js', message: 'Load Stripe through @stripe/stripe-js/pure, on the action that needs it.' },
  notistack: {
    name: 'notistack',
    message: 'Toast through @/components/toasts (notify, useToasts): notistack loads with the first toast, not with the page.',
    allowTypeImports: true,
  },
};
const basePatterns = {
  apiInternals: { regex: '^@/api/', message: 'Use the API layer through @/api (src/api/index.ts).' },
};

/**
 * The `no-restricted-imports` options of one folder: the base bans, less those named in `lift`,
 * plus the folder's own `patterns`. A block that sets the rule replaces the options of earlier
 * blocks, so every block that sets it goes through here and keeps the base bans.
 */
function restrictedImports(patterns = [], lift = []) {
  const kept = (bans) => Object.entries(bans).flatMap(([key, ban]) => (lift.includes(key) ? [] : [ban]));
  return ['error', { paths: kept(basePaths), patterns: [...kept(basePatterns), ...patterns] }];
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What other features may import from a feature: paths under src/features/<name>/, without the
 * extension. A feature not listed has no public surface (only src/app composes it).
 */
const publicSurface = {
  session: ['sessionSlices', 'guards', 'useLogout'],
  access: ['ChangeForgottenPasswordScreen', 'ChangePasswordForm', 'CredentialsFields', 'EmailChangeDialog', 'ForgotPasswordScreen', 'LoginScreen', 'ProfileScreen', 'RegisterScreen', 'VerifyAccountScreen', 'accessMessages', 'emailChangeMessages', 'oneTimeCode', 'profileMessages'],
  courses: ['RatingControl', 'useChapterProgress', 'useCourseProgress', 'chapterLength', 'useReturnToEnrolment', 'useExerciseCounts', 'PreviewButton', 'checkout', 'useCheckoutReturn'],
  learning: ['courseFinish'],
  student: ['favorites/FavoriteToggle', 'area/studentAreaLinks'],
  teacher: ['area/teacherAreaLinks', 'courses/CourseDraftNotice'],
  messaging: ['ConversationButton', 'GroupMessageButton', 'UnreadCount', 'useUnreadCounts', 'messagingMessages'],
  notifications: ['MailNotificationSettings', 'NotificationBells'],
  practice: ['SpecialLettersRow', 'useReviewDeck', 'ReviewDueLink'],
  lessons: ['LessonsOnTeacherPage', 'useBookingsListed'],
};

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicFiles = Object.entries(publicSurface).flatMap(([feature, files]) => files.map((file) => `${feature}/${file}`));

/** A feature imports another feature only through that feature's public surface. */
function featureFence(feature) {
  return {
    regex: `^@/features/(?!${escapeRegex(feature)}(?:/|$))(?!(?:${publicFiles.map(escapeRegex).join('|')})$)`,
    message: 'A feature imports another feature only through its public surface (publicSurface in eslint.config.mjs).',
  };
}

/** Files `depth` folders below src/features/<feature>/ may not climb out of it with `../`. */
function featureClimb(depth) {
  return {
    regex: `^(?:\\.\\./){${depth}}`,
    message: 'Relative imports stay inside the feature; reach other code through @/ (another feature only through its public surface).',
  };
}

const deepestFeatureFolder = 4;

/** One block per feature and depth inside it: the base bans, the fence and the climb limit. */
const featureBlocks = features.flatMap((feature) => [
  { files: [`src/features/${feature}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': restrictedImports([featureFence(feature)]) } },
  ...Array.from({ length: deepestFeatureFolder }, (_, index) => ({
    files: [`src/features/${feature}/${'*/'.repeat(index)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrictedImports([featureFence(feature), featureClimb(index + 1)]) },
  })),
]);

/** Shared code knows no feature and no app (relative climbs included). */
const sharedCodeFence = {
  regex: '^(?:@/|(?:\\.\\./)+)(?:features|app)(?:/|$)',
  message: 'Shared code (components, config, content, hooks) knows no feature and no app.',
};
/**
 * Shared UI and the configuration sit below the API layer: they call no endpoint (a feature does,
 * or a shared hook in src/hooks, and passes what they show). `@/api/…` is banned to all src/ already.
 */
const belowApiFence = {
  regex: '^(?:@/api$|(?:\\.\\./)+api(?:/|$))',
  message: 'Shared UI, config and content call no API: a feature (or a hook in src/hooks) does, and passes them what to show.',
};
const apiFence = {
  regex: '^(?:@/|(?:\\.\\./)+)(?:features|components|app|offline)(?:/|$)',
  message: 'The API layer knows no feature, component, app or offline layer (the app lends it the offline layer: offlineSupport.ts).',
};

/**
 * The offline layer (src/offline) sits beside the API layer, under the features: it uses the API
 * layer through @/api, shared code and who is logged in (the session's slices); it knows no other
 * feature, and of the app only its types (the app lends it the store at start-up).
 */
const offlineFence = [
  {
    regex: '^(?:@/|(?:\\.\\./)+)features(?:$|/(?!session/sessionSlices$))',
    message: 'The offline layer knows no feature but who is logged in (@/features/session/sessionSlices).',
  },
  {
    regex: '^(?:@/|(?:\\.\\./)+)app(?:/|$)',
    allowTypeImports: true,
    message: 'The offline layer knows of the app only its types: the app lends it the store at start-up.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'provider/dist/', 'dist-docs/', 'dist-render/', 'coverage/', 'node_modules/', '.provider-data/', 'src/api/generated.ts', 'test/lint/fixtures/'],
  },
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
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports() } },
  { files: ['src/api/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports([apiFence], ['apiInternals']) } },
  { files: ['src/offline/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports(offlineFence) } },
  { files: ['src/app/store.ts'], rules: { 'no-restricted-imports': restrictedImports([], ['apiInternals']) } },
  // The service worker keeps API reads by the generated list of reads, not through the API layer.
  { files: ['src/serviceWorker/**/*.ts'], rules: { 'no-restricted-imports': restrictedImports([], ['apiInternals']) } },
  { files: ['src/app/hooks.ts'], rules: { 'no-restricted-imports': restrictedImports([], ['reduxHooks']) } },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}', 'src/content/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports([sharedCodeFence, belowApiFence]) },
  },
  { files: ['src/components/toasts/ToastHost.tsx'], rules: { 'no-restricted-imports': restrictedImports([sharedCodeFence, belowApiFence], ['notistack']) } },
  // Shared hooks (useFieldErrors) may use the API layer, through @/api, and shared UI.
  { files: ['src/hooks/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports([sharedCodeFence]) } },
  ...featureBlocks,
  {
    files: ['test/app/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['scripts/**', 'provider/**', 'test/provider/**', 'test/e2e/**', '*.config.{ts,mjs}', 'webpack.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The provider's handlers await its data layer and its shared store: a promise left unawaited
    // (a throttle's count going on before it refused), or tested as if it were its value
    // (`if (sessions.userId(…))`), is a bug the type checker alone lets through.
    files: ['provider/src/**/*.ts'],
    languageOptions: { parserOptions: { project: ['provider/tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify takes async hooks where its types say void: only those returns are let through.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { returns: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Plain CommonJS for Node (a worker thread, or Jest's test environment, has no TypeScript loader).
    files: ['scripts/**/*.cjs', 'test/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: Object.fromEntries(['require', 'module', 'process', 'fetch', 'Request', 'URL', 'AbortSignal', 'console'].map((name) => [name, 'readonly'])),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
