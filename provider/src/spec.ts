// js-yaml has no types of its own: its declaration must reach every program compiling this file (the app's, through scripts/, too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./js-yaml.d.ts" />
import fs from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

/** The parts of an OpenAPI 3.1 document the provider reads. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter> };
  [key: string]: unknown;
}

interface PathItem {
  parameters?: Parameter[];
  [method: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  $ref?: string;
}

interface RawOperation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }>; $ref?: string };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }>; $ref?: string }>;
  security?: Record<string, unknown>[];
}

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type BodyEncoding = 'form' | 'multipart' | 'json';

export const mediaTypes: Record<BodyEncoding, string> = {
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  json: 'application/json',
};

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The path as written in the spec, e.g. `/course/{course_id}`. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body?: { encoding: BodyEncoding; required: boolean; schema: JsonSchema };
  /** Status code → JSON schema of the answer (undefined when the answer has no JSON body). */
  responses: Record<string, JsonSchema | undefined>;
  /** The session every security alternative of the operation requires, if any. */
  requiredSession?: SessionRole;
  /**
   * The sessions each security alternative requires (`[[student], [teacher]]`: either side's), when
   * every alternative requires one; undefined when some alternative needs no session.
   */
  sessionAlternatives?: SessionRole[][];
}

export type SessionRole = 'student' | 'teacher';

const sessionSchemes: Record<string, SessionRole> = { studentSession: 'student', teacherSession: 'teacher' };

/** The session role that every security alternative needs (`[{teacherSession, xsrfHeader}]` → teacher). */
function requiredSession(security: Record<string, unknown>[] | undefined): SessionRole | undefined {
  if (!security?.length) return undefined;
  const [first, ...others] = security.map((alternative) =>
    Object.keys(alternative).flatMap((scheme) => (sessionSchemes[scheme] ? [sessionSchemes[scheme]] : [])),
  );
  return first?.find((role) => others.every((roles) => roles.includes(role)));
}

/** The session roles of each alternative, when every alternative names at least one session scheme. */
function sessionAlternatives(security: Record<string, unknown>[] | undefined): SessionRole[][] | undefined {
  if (!security?.length) return undefined;
  const alternatives = security.map((alternative) =>
    Object.keys(alternative).flatMap((scheme) => (sessionSchemes[scheme] ? [sessionSchemes[scheme]] : [])),
  );
  return alternatives.every((roles) => roles.length > 0) ? alternatives : undefined;
}

const parsedSpecs = new Map<string, { mtimeMs: number; document: OpenApiDocument }>();

/**
 * Parses the spec with YAML 1.2's core schema, as the `yaml` package reads it (js-yaml: several
 * times faster on api-spec.yaml), memoised per file version.
 */
export function loadSpec(file: string): OpenApiDocument {
  const { mtimeMs } = fs.statSync(file);
  const cached = parsedSpecs.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.document;
  const document = load(fs.readFileSync(file, 'utf8'), { filename: file, schema: CORE_SCHEMA }) as OpenApiDocument;
  if (!document?.openapi?.startsWith('3.') || !document.paths) {
    throw new Error(`${file} is not an OpenAPI 3 document`);
  }
  parsedSpecs.set(file, { mtimeMs, document });
  return document;
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of httpMethods) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      if (!raw.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const parameters = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((parameter) =>
        parameter.$ref ? (resolvePointer(document, parameter.$ref) as Parameter) : parameter,
      );
      operations.push({
        operationId: raw.operationId,
        method,
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        body: readBody(document, raw),
        responses: readResponses(document, raw),
        requiredSession: requiredSession(raw.security),
        sessionAlternatives: sessionAlternatives(raw.security),
      });
    }
  }
  return operations;
}

function readBody(document: OpenApiDocument, raw: RawOperation): Operation['body'] {
  const requestBody = raw.requestBody?.$ref
    ? (resolvePointer(document, raw.requestBody.$ref) as RawOperation['requestBody'])
    : raw.requestBody;
  if (!requestBody?.content) return undefined;
  const entries = Object.entries(requestBody.content);
  const match = (Object.entries(mediaTypes) as [BodyEncoding, string][])
    .map(([encoding, type]) => ({ encoding, content: entries.find(([key]) => key.startsWith(type))?.[1] }))
    .find(({ content }) => content);
  if (!match?.content) throw new Error(`Unsupported request body types: ${entries.map(([key]) => key).join(', ')}`);
  return { encoding: match.encoding, required: requestBody.required ?? false, schema: match.content.schema ?? {} };
}

function readResponses(document: OpenApiDocument, raw: RawOperation): Operation['responses'] {
  const responses: Operation['responses'] = {};
  for (const [status, value] of Object.entries(raw.responses ?? {})) {
    const response = value.$ref ? (resolvePointer(document, value.$ref) as typeof value) : value;
    const json = Object.entries(response.content ?? {}).find(([type]) => type.includes('json'))?.[1];
    responses[status] = json?.schema;
  }
  return responses;
}

/** The spec path as a Fastify route under `base`: `/course/{course_id}` → `/api/course/:course_id`. */
export function toRoutePath(base: string, path: string): string {
  return base + path.replace(/\{([^}]+)\}/g, ':$1');
}

export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, token) => {
      const next = (node as Record<string, unknown> | undefined)?.[token];
      if (next === undefined) throw new Error(`Unresolved $ref ${ref}`);
      return next;
    }, document);
}

/** A copy of `schema` with every local $ref inlined (request schemas are not recursive; a cycle throws). */
export function inlineRefs(document: OpenApiDocument, schema: unknown, seen: string[] = []): JsonSchema {
  const walk = (node: unknown, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, stack));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string') {
      if (stack.includes($ref)) throw new Error(`Recursive $ref ${$ref} in a request schema`);
      const target = walk(resolvePointer(document, $ref), [...stack, $ref]) as JsonSchema;
      return Object.keys(rest).length ? { allOf: [target, walk(rest, stack)] } : target;
    }
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, walk(value, stack)]));
  };
  return walk(schema, seen) as JsonSchema;
}

/**
 * A self-contained JSON Schema (2020-12) for `schema`: `#/components/schemas/X` refs become
 * `#/$defs/X`, and every component is carried along under `$defs`. Works for recursive schemas.
 */
export function standaloneSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string'
          ? value.replace('#/components/schemas/', '#/$defs/')
          : rewrite(value),
      ]),
    );
  };
  return {
    ...(rewrite(schema) as JsonSchema),
    $defs: rewrite(document.components?.schemas ?? {}) as JsonSchema,
  };
}

/** Top-level properties of an object schema, looking through allOf. */
export function objectProperties(schema: JsonSchema): Record<string, JsonSchema> {
  const own = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const merged = ((schema.allOf ?? []) as JsonSchema[]).reduce<Record<string, JsonSchema>>(
    (all, part) => ({ ...all, ...objectProperties(part) }),
    {},
  );
  return { ...merged, ...own };
}

export function isFileSchema(schema: JsonSchema): boolean {
  // A `$ref` to a file schema with its own description is inlined as `allOf: [file, {description}]`.
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonSchema[]).some(isFileSchema);
  return (
    (schema.type === 'string' && (schema.format === 'binary' || typeof schema.contentMediaType === 'string')) ||
    (Array.isArray(schema.type) && schema.type.includes('string') && schema.format === 'binary')
  );
}
