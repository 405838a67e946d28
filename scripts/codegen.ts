/**
 * Generates the API layer from api-spec.yaml:
 * - src/api/generated.ts: RTK Query endpoints, hooks and types (@rtk-query/codegen-openapi), and
 *   src/api/adminGenerated.ts, practiceGenerated.ts, authoringGenerated.ts and lessonsGenerated.ts: the admin area's, practice's, lessons' and the
 *   teacher's course and chapter authoring's, loaded with their screens (openapi-config.ts);
 * - src/api/operations.ts: the request-body encoding each operation declares, which the base
 *   query applies (the codegen itself passes every body through untouched), the session
 *   each operation needs (a 401 from it means that session has ended), and the operations
 *   marked `x-keepalive: true`, whose requests must outlive the page (sent on `pagehide`), and
 *   the operations with file fields, which the base query sends with upload progress, and those
 *   marked `x-offline-queue: true`, which a student may make offline (src/offline/outbox.ts);
 *   the encodings, sessions and file fields of the groups loaded with their screens are in
 *   src/api/adminOperations.ts, practiceOperations.ts, authoringOperations.ts and
 *   lessonsOperations.ts instead, which their modules add (operationTables.ts `addOperations`);
 * - src/api/readRoutes.ts: every read (GET) with its path and the session it needs, by which the
 *   service worker (src/serviceWorker/) decides whose cache, if any, keeps its answers;
 * - src/api/uploadRules.ts: the file fields of each upload with the media types and size their
 *   schema allows (`x-media-types`, `x-max-bytes`), which the app checks before sending (a module
 *   of its own, so that only the screens that upload load it);
 * - test/handlers/endpointRoutes.ts: the method and msw path of each operation, so that mocked
 *   endpoints are named by endpoint, never by a hand-typed URL;
 * - provider/src/rows.generated.ts: the provider's row types, from the schema its migrations build
 *   (scripts/codegen/providerRows.ts);
 * - src/api/maxLengths.ts: the `maxLength` of each request body's text fields (codegen/maxLengths.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { parse } from 'yaml';
import config, { lazyOperationGroups } from '../openapi-config';
import { maxLengthsSource } from './codegen/maxLengths';
import { writeProviderRows } from './codegen/providerRows';

type Operation = {
  operationId?: string;
  tags?: string[];
  'x-keepalive'?: boolean;
  'x-offline-queue'?: boolean;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
};
type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  'x-media-types'?: string[];
  'x-max-bytes'?: number;
};
type Spec = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const root = path.resolve(__dirname, '..');
const encodingOf: Record<string, 'form' | 'multipart' | 'json'> = {
  'application/x-www-form-urlencoded': 'form',
  'multipart/form-data': 'multipart',
  'application/json': 'json',
};

function bodyEncodings(spec: Spec): Record<string, 'form' | 'multipart' | 'json'> {
  const encodings: Record<string, 'form' | 'multipart' | 'json'> = {};
  for (const [route, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const contentTypes = Object.keys(operation.requestBody?.content ?? {});
      if (contentTypes.length === 0) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${route} has no operationId`);
      const encoding = encodingOf[contentTypes[0] as string];
      if (!encoding) throw new Error(`${operation.operationId}: unsupported request content type ${contentTypes[0]}`);
      encodings[operation.operationId] = encoding;
    }
  }
  return Object.fromEntries(Object.entries(encodings).sort(([a], [b]) => a.localeCompare(b)));
}

const sessionSchemes = { studentSession: 'student', teacherSession: 'teacher' } as const;

/** Operations that only a logged-in student (or teacher) may call: every security alternative needs that session. */
function requiredSessions(spec: Spec): Record<string, 'student' | 'teacher'> {
  const sessions: Record<string, 'student' | 'teacher'> = {};
  for (const operations of Object.values(spec.paths)) {
    for (const operation of Object.values(operations)) {
      const alternatives = operation.security ?? [];
      for (const [scheme, side] of Object.entries(sessionSchemes)) {
        if (operation.operationId && alternatives.length > 0 && alternatives.every((alternative) => scheme in alternative)) {
          sessions[operation.operationId] = side;
        }
      }
    }
  }
  return Object.fromEntries(Object.entries(sessions).sort(([a], [b]) => a.localeCompare(b)));
}

/** The operationIds of the operations marked with `flag` (`x-keepalive`, `x-offline-queue`). */
function operationsMarked(spec: Spec, flag: 'x-keepalive' | 'x-offline-queue'): string[] {
  return Object.values(spec.paths)
    .flatMap((operations) => Object.values(operations))
    .filter((operation) => operation[flag] === true)
    .map((operation) => {
      if (!operation.operationId) throw new Error(`An operation marked ${flag} has no operationId`);
      return operation.operationId;
    })
    .sort((a, b) => a.localeCompare(b));
}

type Group = keyof typeof lazyOperationGroups;

/** The lazy group an operation belongs to (openapi-config.ts `lazyOperationGroups`), or null: the API's own. */
function groupsOf(spec: Spec): Map<string, Group | null> {
  const groups = new Map<string, Group | null>();
  for (const [route, operations] of Object.entries(spec.paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation.operationId) continue;
      const definition = { path: route, operation };
      const group = (Object.entries(lazyOperationGroups) as [Group, (name: string, definition: { path: string; operation: Operation }) => boolean][]).find(
        ([, takes]) => takes(operation.operationId as string, definition),
      );
      groups.set(operation.operationId, group ? group[0] : null);
    }
  }
  return groups;
}

/** The entries of `table` whose operation is in `group`. */
function ofGroup<Value>(table: Record<string, Value>, groups: Map<string, Group | null>, group: Group | null): Record<string, Value> {
  return Object.fromEntries(Object.entries(table).filter(([name]) => (groups.get(name) ?? null) === group));
}

/** A schema with its local `$ref` followed, and the parts of an `allOf` merged. */
function resolveSchema(spec: Spec, schema: Schema | undefined): Schema {
  if (!schema) return {};
  const { $ref, allOf, ...own } = schema;
  const target = $ref ? resolveSchema(spec, spec.components?.schemas?.[$ref.replace('#/components/schemas/', '')]) : {};
  if ($ref && !$ref.startsWith('#/components/schemas/')) throw new Error(`Unsupported $ref ${$ref}`);
  const parts = (allOf ?? []).map((part) => resolveSchema(spec, part));
  const merged = [target, ...parts, own].reduce<Schema>(
    (all, part) => ({ ...all, ...part, properties: { ...all.properties, ...part.properties } }),
    {},
  );
  return merged;
}

interface FileRule {
  types: string[];
  maxBytes: number;
}

/**
 * The file fields of every operation whose body has one, by operationId then field: the media
 * types (`x-media-types`) and largest size (`x-max-bytes`) their schema states. A file field
 * without both fails the codegen: every upload must say what it accepts.
 */
function uploadRules(spec: Spec): Record<string, Record<string, FileRule>> {
  const rules: Record<string, Record<string, FileRule>> = {};
  for (const [route, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      const properties = resolveSchema(spec, body).properties ?? {};
      for (const [field, property] of Object.entries(properties)) {
        const schema = resolveSchema(spec, property);
        if (schema.format !== 'binary') continue;
        const name = operation.operationId ?? `${method.toUpperCase()} ${route}`;
        const types = schema['x-media-types'];
        const maxBytes = schema['x-max-bytes'];
        if (!Array.isArray(types) || types.length === 0 || typeof maxBytes !== 'number') {
          throw new Error(`${name}: file field "${field}" states no x-media-types and x-max-bytes`);
        }
        (rules[name] ??= {})[field] = { types, maxBytes };
      }
    }
  }
  return Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
}

function uploadRulesSource(rules: Record<string, Record<string, FileRule>>): string {
  const quote = (text: string) => `'${text}'`;
  const operations = Object.entries(rules).map(([operationId, fields]) => {
    const lines = Object.entries(fields).map(
      ([field, rule]) => `    ${field}: { types: [${rule.types.map(quote).join(', ')}], maxBytes: ${rule.maxBytes} },`,
    );
    return [`  ${operationId}: {`, ...lines, '  },'].join('\n');
  });
  return ['{', ...operations, '}'].join('\n');
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Method and msw path (`/course/:course_id`) of every operation, by operationId. */
function endpointRoutes(spec: Spec): Record<string, { method: string; path: string }> {
  const routes: Record<string, { method: string; path: string }> = {};
  for (const [route, operations] of Object.entries(spec.paths)) {
    for (const method of methods) {
      const operationId = operations[method]?.operationId;
      if (operationId) routes[operationId] = { method, path: route.replace(/\{(\w+)\}/g, ':$1') };
    }
  }
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
}

type ReadSession = 'student' | 'teacher' | 'admin' | 'either' | null;

/** A read (GET) of the API as the service worker sees it: its path pattern and the session it needs. */
interface ReadRoute {
  operationId: string;
  /** The path relative to the API base, parameters as `:name` (`/course-chapters/:course_id`). */
  path: string;
  session: ReadSession;
}

/**
 * The session a read needs: one side's, `either` (a student's or a teacher's), or none (null: an
 * operation without security, or with an empty alternative, answers visitors too).
 */
function readSession(operation: Operation): ReadSession {
  const alternatives = operation.security ?? [];
  if (alternatives.length === 0 || alternatives.some((alternative) => Object.keys(alternative).length === 0)) return null;
  const sides = new Set(alternatives.flatMap((alternative) => Object.keys(alternative).map((scheme) => sessionSchemes[scheme as keyof typeof sessionSchemes])));
  if (sides.size === 1 && sides.has('student')) return 'student';
  if (sides.size === 1 && sides.has('teacher')) return 'teacher';
  // An admin's reads (the admin area) are kept in no cache, as a teacher's.
  if (alternatives.some((alternative) => 'adminSession' in alternative)) return 'admin';
  return 'either';
}

/** Every GET operation with the session it needs, for the service worker's cache rules. */
function readRoutes(spec: Spec): ReadRoute[] {
  return Object.entries(spec.paths)
    .flatMap(([route, operations]) => {
      const operation = operations.get;
      return operation?.operationId ? [{ operationId: operation.operationId, path: route.replace(/\{(\w+)\}/g, ':$1'), session: readSession(operation) }] : [];
    })
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const asTsObject = (value: object) =>
  JSON.stringify(value, null, 2).replace(/"([a-zA-Z]+)":/g, '$1:').replace(/"/g, "'").replace(/'\n}$/, "',\n}");

async function main() {
  const spec = parse(readFileSync(path.join(root, 'api-spec.yaml'), 'utf8')) as Spec;
  const rules = uploadRules(spec);
  const groups = groupsOf(spec);
  const uploads = Object.keys(rules);
  const namesOf = (names: string[], group: Group | null) => JSON.stringify(names.filter((name) => (groups.get(name) ?? null) === group)).replace(/"/g, "'");
  writeFileSync(
    path.join(root, 'src/api/operations.ts'),
    [
      '// Generated by scripts/codegen.ts from api-spec.yaml. Do not edit by hand.',
      '',
      "export type BodyEncoding = 'form' | 'multipart' | 'json';",
      '',
      '/**',
      ' * The request-body encoding each operation declares, by operationId (= endpoint name): the',
      " * API's own operations; those loaded with their screens are in <group>Operations.ts.",
      ' */',
      `export const bodyEncodings: Record<string, BodyEncoding> = ${asTsObject(ofGroup(bodyEncodings(spec), groups, null))};`,
      '',
      "/** The session an operation cannot be called without, by operationId (the API's own operations). */",
      `export const requiredSessions: Record<string, 'student' | 'teacher'> = ${asTsObject(ofGroup(requiredSessions(spec), groups, null))};`,
      '',
      '/** Operations whose requests are sent with `keepalive` (marked `x-keepalive: true`), so they outlive the page. */',
      `export const keepaliveOperations: readonly string[] = ${JSON.stringify(operationsMarked(spec, 'x-keepalive')).replace(/"/g, "'")};`,
      '',
      '/**',
      ' * Operations a student may make offline (marked `x-offline-queue: true`): when the network is',
      ' * down the base query keeps them (src/offline/outbox.ts) and sends them, in order, once it is back.',
      ' */',
      `export const offlineQueueOperations: readonly string[] = ${JSON.stringify(operationsMarked(spec, 'x-offline-queue')).replace(/"/g, "'")};`,
      '',
      "/** The API's own operations with file fields (their rules: uploadRules.ts, which only the screens that upload load). */",
      `export const uploadOperations: readonly string[] = ${namesOf(uploads, null)};`,
      '',
    ].join('\n'),
  );
  for (const group of Object.keys(lazyOperationGroups) as Group[]) {
    writeFileSync(
      path.join(root, `src/api/${group}Operations.ts`),
      [
        '// Generated by scripts/codegen.ts from api-spec.yaml. Do not edit by hand.',
        '',
        "import type { OperationTables } from './operationTables';",
        '',
        `/** The body encodings, sessions and file fields of the ${group} operations: added by their module, which loads with their screens. */`,
        `export const ${group}Operations: OperationTables = {`,
        `  bodyEncodings: ${asTsObject(ofGroup(bodyEncodings(spec), groups, group)).replace(/\n/g, '\n  ')},`,
        `  requiredSessions: ${asTsObject(ofGroup(requiredSessions(spec), groups, group)).replace(/\n/g, '\n  ')},`,
        `  uploads: ${namesOf(uploads, group)},`,
        '};',
        '',
      ].join('\n'),
    );
  }

  writeFileSync(
    path.join(root, 'src/api/uploadRules.ts'),
    [
      '// Generated by scripts/codegen.ts from api-spec.yaml. Do not edit by hand.',
      '',
      '/** What a file field accepts: its media types and largest size in bytes (`x-media-types`, `x-max-bytes`). */',
      'export interface FileRule {',
      '  readonly types: readonly string[];',
      '  readonly maxBytes: number;',
      '}',
      '',
      '/** The file fields of each upload operation and what they accept, by operationId then field name. */',
      `export const uploadRules = ${uploadRulesSource(rules)} as const satisfies Record<string, Record<string, FileRule>>;`,
      '',
    ].join('\n'),
  );

  writeFileSync(
    path.join(root, 'src/api/readRoutes.ts'),
    [
      '// Generated by scripts/codegen.ts from api-spec.yaml. Do not edit by hand.',
      '',
      '/** A read (GET) of the API: its path relative to the API base (parameters as `:name`) and the session it needs. */',
      'export interface ReadRoute {',
      '  readonly operationId: string;',
      '  readonly path: string;',
      '  /** The session it needs: one side\'s, `either` side\'s, an admin\'s, or none (null: visitors may read it). */',
      "  readonly session: 'student' | 'teacher' | 'admin' | 'either' | null;",
      '}',
      '',
      '/** Every read of api-spec.yaml, by operationId; the service worker keeps answers by these rules. */',
      `export const readRoutes: readonly ReadRoute[] = [\n${readRoutes(spec)
        .map((route) => `  { operationId: '${route.operationId}', path: '${route.path}', session: ${route.session === null ? 'null' : `'${route.session}'`} },`)
        .join('\n')}\n];`,
      '',
    ].join('\n'),
  );

  writeFileSync(
    path.join(root, 'test/handlers/endpointRoutes.ts'),
    [
      '// Generated by scripts/codegen.ts from api-spec.yaml. Do not edit by hand.',
      '',
      '/** The method and msw path (relative to the API base) of every endpoint, by endpoint name. */',
      `export const endpointRoutes = ${asTsObject(endpointRoutes(spec))} as const;`,
      '',
    ].join('\n'),
  );

  writeProviderRows(root);
  writeFileSync(path.join(root, 'src/api/maxLengths.ts'), maxLengthsSource(spec));

  process.chdir(root);
  const { outputFiles, ...common } = config;
  for (const [outputFile, options] of Object.entries(outputFiles)) {
    await generateEndpoints({ ...common, ...options, outputFile });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
