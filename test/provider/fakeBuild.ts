import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pagesManifestFile } from '../../scripts/serve-dist';

/** The app's shell as the build writes it, for a fake build. */
export const fakeShell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/main.1.js></script></head><body><div id=root></div></body></html>';

/** A render bundle that renders a course page (`/detail/<id>`) from one provider call: its title. */
export const courseTitleRenderBundle = `
exports.API_STATE_ELEMENT_ID = 'api-state';
exports.renderDataPage = async (url, { origin, fetch }) => {
  const course = await (await fetch(origin + '/api/course/' + url.split('/').pop())).json();
  return { html: '<main><h1>' + course.title + '</h1></main>', title: course.title, styleTags: '', status: 200, apiState: {} };
};
`;

/**
 * A build folder for scripts/serve-dist.ts with only what a suite needs: the shell as index.html
 * and the not-found page, a render bundle of the suite's own (`render.cjs`) and a pages manifest
 * whose data pages are `dataPages` and a student's pages `studentPages`; `pages` (route -> document), prerendered pages written as
 * scripts/prerender.ts writes them (`pages/<name>.html` with brotli and gzip copies). Returns the
 * folder; the suite removes it.
 */
export function makeFakeBuild({
  prefix,
  shell,
  renderBundle,
  dataPages,
  pages = {},
  studentPages = [],
}: {
  prefix: string;
  shell: string;
  renderBundle: string;
  dataPages: string[];
  pages?: Record<string, string>;
  studentPages?: string[];
}): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(distDir, 'pages'));
  fs.writeFileSync(path.join(distDir, 'index.html'), shell);
  fs.writeFileSync(path.join(distDir, 'pages', '404.html'), shell);
  fs.writeFileSync(path.join(distDir, 'render.cjs'), renderBundle);
  const files: Record<string, string> = {};
  for (const [route, document] of Object.entries(pages)) {
    const file = `pages/${route === '/' ? 'index' : route.slice(1).replace(/\//g, '-')}.html`;
    fs.writeFileSync(path.join(distDir, file), document);
    fs.writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(document));
    fs.writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(document));
    files[route] = file;
  }
  fs.writeFileSync(
    path.join(distDir, pagesManifestFile),
    JSON.stringify({
      pages: files,
      notFound: 'pages/404.html',
      routes: [...Object.keys(pages), ...dataPages, ...studentPages],
      dataPages,
      dataPageChunks: {},
      studentPages,
      studentPageChunks: [],
    }),
  );
  return distDir;
}
