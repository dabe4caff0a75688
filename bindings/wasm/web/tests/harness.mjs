// What every end-to-end test file of the web board needs before its first test: the built
// page served by `vite preview` on 127.0.0.1 (unless the file's own environment variable names
// a running server) and Debian's Chromium launched headless (playwright-core). One home, so
// that the three pages' tests (e2e, luzhanqi, siguo) start and stop the same way.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The web board's folder (bindings/wasm/web). */
export const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Wait until `url` answers 200, polling every 100 ms, at most `ms` milliseconds. */
export async function waitForServer(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no server at ${url} after ${ms} ms`);
}

/** The page's base URL: `url` when given (a server already running), else `vite preview` of
 * the built page started on `port` and waited for up to `waitMs`. `stop()` ends the server
 * started here (nothing when none was). */
export async function servePage({ url, port, waitMs = 20_000 }) {
  if (url) return { base: url, stop() {} };
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn(
    process.execPath,
    [join(webDir, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    await waitForServer(base, waitMs);
  } catch (e) {
    server.kill();
    throw e;
  }
  return { base, stop: () => server.kill() };
}

/** Debian's Chromium (or `$CHROMIUM`), headless, without the background work that slows a
 * test machine (networking, component updates, sync, first-run pages). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Pointer input as a person gives it, over a board whose points `centre(page, point)` finds on
 * the screen (`[x, y]`): `press` taps on a page opened at phone size (`page.size === 'phone'`)
 * and clicks on a desktop; `drag` drags by mouse on a desktop (through the midpoint, as a hand
 * moves) and on a phone taps the piece, then the point. */
export function pointer(centre) {
  async function press(page, point) {
    const [x, y] = await centre(page, point);
    if (page.size === 'phone') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
  async function drag(page, from, to) {
    if (page.size === 'phone') {
      await press(page, from);
      await press(page, to);
      return;
    }
    const [x0, y0] = await centre(page, from);
    const [x1, y1] = await centre(page, to);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
  }
  return { press, drag };
}
