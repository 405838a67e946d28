import type { ConfigFile } from '@rtk-query/codegen-openapi';

/** RTK Query codegen: api-spec.yaml -> src/api/generated.ts (run `npm run codegen`). */
const config = {
  schemaFile: './api-spec.yaml',
  apiFile: './src/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: './src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: false,
  mergeReadWriteOnly: true,
} satisfies ConfigFile;

export default config;
