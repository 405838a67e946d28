/**
 * What the base query knows of each operation (from api-spec.yaml, scripts/codegen.ts): the API's
 * own operations from the first download (operations.ts), and those of each group loaded with its
 * screens (admin, practice, authoring, lessons: `<group>Operations.ts`), added by the group's module
 * when it loads, before any of its endpoints can be called.
 */
import { bodyEncodings, requiredSessions, uploadOperations, type BodyEncoding } from './operations';

export interface OperationTables {
  bodyEncodings: Record<string, BodyEncoding>;
  requiredSessions: Record<string, 'student' | 'teacher'>;
  /** The operations with file fields. */
  uploads: readonly string[];
}

const known = { bodyEncodings: { ...bodyEncodings }, requiredSessions: { ...requiredSessions }, uploads: new Set(uploadOperations) };

export function addOperations(tables: OperationTables): void {
  Object.assign(known.bodyEncodings, tables.bodyEncodings);
  Object.assign(known.requiredSessions, tables.requiredSessions);
  for (const name of tables.uploads) known.uploads.add(name);
}

export const bodyEncodingOf = (operation: string): BodyEncoding | undefined => known.bodyEncodings[operation];

/** The session an operation cannot be called without, if any. */
export const requiredSessionOf = (operation: string): 'student' | 'teacher' | undefined => known.requiredSessions[operation];

export const isUploadOperation = (operation: string): boolean => known.uploads.has(operation);
