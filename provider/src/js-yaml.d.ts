/** The part of js-yaml 4 (no types of its own) the provider uses. */
declare module 'js-yaml' {
  interface Schema {
    readonly brand: 'js-yaml schema';
  }

  /** YAML 1.2's core schema: plain scalars are strings, numbers, booleans or null (no dates, no merge keys). */
  export const CORE_SCHEMA: Schema;

  export function load(text: string, options?: { filename?: string; schema?: Schema }): unknown;
}
