/**
 * Draws the app's install icons (public/icons/) from public/favicon.svg with headless Chromium:
 * `any` icons (the rounded square, transparent around it) at 192 and 512 px, and `maskable` ones
 * (full-bleed background, the drawing inside the central safe zone a launcher's mask keeps) at
 * 192 and 512 px, plus the 180 px apple-touch-icon, which iOS masks itself, and the pages' 48 px
 * favicon (a PNG: an SVG favicon is a document the page builds and lays out on its main thread).
 * Run it again after changing the favicon: `npx tsx scripts/make-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags } from './localProvider';

const publicDir = path.resolve(__dirname, '..', 'public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const drawing = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(favicon)?.[1] ?? '';
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? '#0b5d4b';

/** The favicon's drawing, shrunk to 80% about its centre (inside the maskable safe circle), on a full square. */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${background}"/>
  <g transform="translate(32 32) scale(0.8) translate(-32 -32)">${drawing.replace(/<rect[^>]*\/>/, '')}</g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-192.png', size: 192, svg: fullBleed },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'favicon-48.png', size: 48, svg: favicon },
];

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
  try {
    fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
    for (const icon of icons) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
      await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
      await page.screenshot({ path: path.join(publicDir, 'icons', icon.file), omitBackground: true });
      await page.close();
      console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
