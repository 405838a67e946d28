import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pagesManifestFile } from '../../scripts/serve-dist';

/**
 * A build folder for scripts/serve-dist.ts with only what a suite needs: the shell as index.html
 * and the not-found page, a render bundle of the suite's own (`render.cjs`) and a pages manifest
 * whose data pages are `dataPages`. Returns the folder; the suite removes it.
 */
export function makeFakeBuild({ prefix, shell, renderBundle, dataPages }: { prefix: string; shell: string; renderBundle: string; dataPages: string[] }): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(distDir, 'pages'));
  fs.writeFileSync(path.join(distDir, 'index.html'), shell);
  fs.writeFileSync(path.join(distDir, 'pages', '404.html'), shell);
  fs.writeFileSync(path.join(distDir, 'render.cjs'), renderBundle);
  fs.writeFileSync(
    path.join(distDir, pagesManifestFile),
    JSON.stringify({ pages: {}, notFound: 'pages/404.html', routes: dataPages, dataPages, dataPageChunks: [] }),
  );
  return distDir;
}
