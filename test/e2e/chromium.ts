/**
 * How the journeys' Chromium is started. test/e2e/run.ts starts one per lane as a browser server
 * (`launchLaneBrowser`) and hands its address to the lane's journey files (E2E_BROWSER_WS), which
 * connect to it (`openBrowser`): each file still gets contexts of its own, fresh cookies and
 * storage, but the lane pays Chromium's start and stop once instead of once a file. A file run on
 * its own, without the variable, launches its own browser.
 */
import { type Browser, type BrowserServer, chromium } from 'playwright-core';
import { chromiumFlags } from '../../scripts/localProvider';

/**
 * The browser to run (CHROMIUM_PATH, default Debian's chromium-headless-shell): the same Chromium
 * without the desktop browser's layers, as Playwright runs headless by default. The journeys took a
 * fifth less CPU in it than in the whole browser (90 → 71 CPU s for three files), with the same
 * steps green; the benchmarks keep the whole browser, the one people use.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const chromiumArgs = [
  ...chromiumFlags,
  '--autoplay-policy=no-user-gesture-required',
  // A fake microphone (a beep), allowed without a prompt: the voice recorder's journeys record with it.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const launchTimeoutMs = 60_000;

/** Starts the lane's Chromium as a server the lane's journey files connect to. */
export function launchLaneBrowser(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, timeout: launchTimeoutMs });
}

/**
 * The journey file's browser: the lane's (E2E_BROWSER_WS), connected to, or a Chromium of its own.
 * `close()` on a connected browser closes the file's contexts and disconnects; the lane's browser
 * runs on.
 */
export function openBrowser(): Promise<Browser> {
  const laneBrowser = process.env.E2E_BROWSER_WS;
  if (laneBrowser) return chromium.connect(laneBrowser, { timeout: launchTimeoutMs });
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: launchTimeoutMs });
}
