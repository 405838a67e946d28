import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface LintMessage {
  ruleId: string | null;
  line: number;
  message: string;
}

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(__dirname, 'fixtures');

/** The import-rule messages of every fixture, keyed by its path as if it sat in the app (`src/…`). */
let found: Record<string, string[]>;

beforeAll(() => {
  // With -c, ESLint reads the config's file patterns relative to the working directory, so the
  // fixtures under fixtures/src/ are linted exactly as files at those places in src/ would be.
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/eslint'),
    ['-c', path.join(root, 'eslint.config.mjs'), '--format', 'json', 'src'],
    { cwd: fixtures, encoding: 'utf8' },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`ESLint failed (${run.status}): ${run.stderr}`);
  const results = JSON.parse(run.stdout) as { filePath: string; messages: LintMessage[] }[];
  found = Object.fromEntries(
    results.map((result) => [
      path.relative(fixtures, result.filePath).split(path.sep).join('/'),
      result.messages.map((message) => `${message.line} ${message.ruleId ?? 'fatal'}: ${message.message}`),
    ]),
  );
}, 60_000);

const fence = 'A feature imports another feature only through its public surface (publicSurface in eslint.config.mjs).';
const climb = 'Relative imports stay inside the feature';

describe('feature fences', () => {
  it("forbid a feature to import another feature's internals, by alias or by climbing out", () => {
    expect(found['src/features/student/area/ImportsTeacherInternals.tsx']).toEqual([
      `2 no-restricted-imports: '@/features/teacher/area/TeacherDashboardPage' import is restricted from being used by a pattern. ${fence}`,
      expect.stringContaining(`3 no-restricted-imports: '../../teacher/area/messages' import is restricted from being used by a pattern. ${climb}`),
    ]);
  });

  it('forbid files of a feature that are not on its public surface', () => {
    expect(found['src/features/student/area/ImportsAccessInternals.ts']).toEqual([
      `2 no-restricted-imports: '@/features/access/boolAnswerOutcome' import is restricted from being used by a pattern. ${fence}`,
    ]);
  });

  it("allow another feature's public surface, the feature's own files and shared code", () => {
    expect(found['src/features/student/area/ImportsPublicSurface.ts']).toEqual([]);
  });

  it('keep the bans of all src/ in feature files', () => {
    expect(found['src/features/courses/KeepsBaseBans.tsx']).toEqual([
      "2 no-restricted-imports: '@mui/material' import is restricted from being used. Import MUI components by path (@mui/material/Button).",
      "3 no-restricted-imports: 'useSelector' import from 'react-redux' is restricted. Use useAppSelector / useAppDispatch from @/app/hooks.",
      "4 no-restricted-imports: '@/api/generated' import is restricted from being used by a pattern. Use the API layer through @/api (src/api/index.ts).",
    ]);
  });
});

describe('shared code', () => {
  it('keeps the bans of all src/ in src/components', () => {
    expect(found['src/components/ImportsMuiBarrel.tsx']).toEqual(found['src/features/courses/KeepsBaseBans.tsx']);
  });

  const knowsNoFeature = [
    "2 no-restricted-imports: '@/app/hooks' import is restricted from being used by a pattern. Shared code (components, config, content, hooks) knows no feature and no app.",
    "3 no-restricted-imports: '@/features/session/sessionSlices' import is restricted from being used by a pattern. Shared code (components, config, content, hooks) knows no feature and no app.",
  ];

  it.each(['components', 'hooks'])('forbids src/%s to import a feature or the app', (folder) => {
    expect(found[`src/${folder}/ImportsFeature.ts`]).toEqual(knowsNoFeature);
  });

  it('forbids src/components to call the API, through @/api or by climbing to its files', () => {
    const below = 'import is restricted from being used by a pattern. Shared UI, config and content call no API: a feature (or a hook in src/hooks) does, and passes them what to show.';
    expect(found['src/components/ImportsApi.ts']).toEqual([
      `2 no-restricted-imports: '@/api' ${below}`,
      `3 no-restricted-imports: '../api/baseQuery' ${below}`,
    ]);
  });

  it('lets src/hooks use the API layer, shared UI and the configuration', () => {
    expect(found['src/hooks/ImportsAllowed.ts']).toEqual([]);
  });

  it('forbids src/api to import components, features, the app or the offline layer, and lets it use its own files', () => {
    const upward =
      'import is restricted from being used by a pattern. The API layer knows no feature, component, app or offline layer (the app lends it the offline layer: offlineSupport.ts).';
    expect(found['src/api/ImportsUpwards.ts']).toEqual([
      `2 no-restricted-imports: '@/components/LoadError' ${upward}`,
      `3 no-restricted-imports: '@/features/session/sessionSlices' ${upward}`,
      `4 no-restricted-imports: '../app/store' ${upward}`,
      `5 no-restricted-imports: '@/offline/outbox' ${upward}`,
    ]);
  });
});

describe('the offline layer', () => {
  const pattern = 'import is restricted from being used by a pattern.';
  const feature = 'The offline layer knows no feature but who is logged in (@/features/session/sessionSlices).';

  it('forbids src/offline to import a feature (by alias or by climbing), the app but its types, or the API layer\'s files', () => {
    expect(found['src/offline/ImportsUpwards.ts']).toEqual([
      `2 no-restricted-imports: '@/features/courses/useChapterProgress' ${pattern} ${feature}`,
      `3 no-restricted-imports: '@/app/store' ${pattern} The offline layer knows of the app only its types: the app lends it the store at start-up.`,
      `4 no-restricted-imports: '@/api/baseQuery' ${pattern} Use the API layer through @/api (src/api/index.ts).`,
      `5 no-restricted-imports: '../features/student/area/sendOnLeave' ${pattern} ${feature}`,
    ]);
  });

  it("lets src/offline use @/api, shared code, the session's slices, the app's types and its own files", () => {
    expect(found['src/offline/ImportsAllowed.ts']).toEqual([]);
  });
});
