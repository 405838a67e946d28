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
  // Header parameters (`If-None-Match` of the polled reads) are the browser's to send: its HTTP
  // cache revalidates answers marked `private, no-cache` by itself, and a page that set a
  // conditional header would turn that cache off for the request (Fetch standard, HTTP-network-
  // or-cache fetch). The app's arguments and requests never carry them.
  endpointOverrides: [{ pattern: () => true, parameterFilter: (_name, parameter) => parameter.in !== 'header' }],
} satisfies ConfigFile;

export default config;
