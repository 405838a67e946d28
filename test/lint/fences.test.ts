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

  it('forbids src/components to import a feature or the app', () => {
    expect(found['src/components/ImportsFeature.ts']).toEqual([
      "2 no-restricted-imports: '@/app/hooks' import is restricted from being used by a pattern. Shared code (components, config, content) knows no feature and no app.",
      "3 no-restricted-imports: '@/features/session/sessionSlices' import is restricted from being used by a pattern. Shared code (components, config, content) knows no feature and no app.",
    ]);
  });

  it('forbids src/api to import components, features or the app, and lets it use its own files', () => {
    const upward = 'import is restricted from being used by a pattern. The API layer knows no feature, component or app.';
    expect(found['src/api/ImportsUpwards.ts']).toEqual([
      `2 no-restricted-imports: '@/components/LoadError' ${upward}`,
      `3 no-restricted-imports: '@/features/session/sessionSlices' ${upward}`,
      `4 no-restricted-imports: '../app/store' ${upward}`,
    ]);
  });
});
