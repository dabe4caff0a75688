// End-to-end tests of the 陸戰棋 page in Debian's Chromium (playwright-core): the game choice,
// a hand deployment with each L-17 refusal explained, a random deployment, open play against
// the engine's worker, a game file reviewed; at desktop size and on a phone (390×844, touch).
//
// The page is served by `vite preview` on 127.0.0.1 (started here unless GJJQ_LZ_WEB_URL names a
// running server). Node loads the same WASM module as an oracle (the game file the page
// exports must replay to the moves it lists; the final position of a reviewed file).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import initWasm, { LzGame } from '../pkg/gjjq_wasm.js';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = join(here, '..');
const port = Number(process.env.GJJQ_LZ_WEB_PORT ?? 4180);
const shots = process.env.GJJQ_SCREENSHOT_DIR ?? join(webDir, 'test-results');
mkdirSync(shots, { recursive: true });

// Red's general on b11, Blue's flag on b12 (L-13): one move from the end.
const FLAG_HUNT = '1f1s1/1J3/5/5/5/5/5/5/5/5/5/1F3 r';

let server;
let base = process.env.GJJQ_LZ_WEB_URL;
let browser;

async function waitForServer(url, ms) {
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

before(async () => {
  if (!base) {
    base = `http://127.0.0.1:${port}/`;
    server = spawn(
      process.execPath,
      [join(webDir, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await waitForServer(base, 20_000);
  }
  await initWasm({ module_or_path: readFileSync(join(webDir, 'pkg/gjjq_wasm_bg.wasm')) });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

const SIZES = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

async function open(size, query = '') {
  const context = await browser.newContext(SIZES[size]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(base + query);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  page.errors = errors;
  page.size = size;
  return page;
}

async function chooseLuzhanqi(page) {
  await page.selectOption('#game-choice', 'luzhanqi');
  await page.waitForSelector('#lz-app[data-ready="true"]', { timeout: 15_000 });
}

async function center(page, point) {
  // As a person would: scroll the point into view first (a tap off the screen does nothing).
  await page.locator(`#lz-board [data-point="${point}"] .hit`).scrollIntoViewIfNeeded();
  const box = await page.locator(`#lz-board [data-point="${point}"] .hit`).boundingBox();
  assert.ok(box, `point ${point} on screen`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** A tap on a phone, a click on a desktop. */
async function press(page, point) {
  const [x, y] = await center(page, point);
  if (page.size === 'phone') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** Drag by mouse on a desktop; on a phone tap the piece, then the point. */
async function move(page, from, to) {
  if (page.size === 'phone') {
    await press(page, from);
    await press(page, to);
    return;
  }
  const [x0, y0] = await center(page, from);
  const [x1, y1] = await center(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
}

const letterAt = (page, point) =>
  page.locator(`#lz-board [data-point="${point}"] [data-piece]`).getAttribute('data-piece', { timeout: 2_000 });

async function refusal(page) {
  const fb = page.locator('#lz-feedback');
  await fb.waitFor({ state: 'visible' });
  return { code: await fb.getAttribute('data-code'), text: await fb.textContent() };
}

/** One human move by clicks: the first own piece that shows destinations, a capture first. */
async function humanMove(page) {
  const movable = await page.locator('#lz-board .lz-point.movable').evaluateAll((els) => els.map((e) => e.dataset.point));
  for (const from of movable) {
    await press(page, from);
    const dests = await page.locator('#lz-board .lz-dest').evaluateAll((els) => els.map((e) => [e.dataset.dest, e.classList.contains('attack')]));
    if (dests.length) {
      const [to] = dests.find((d) => d[1]) ?? dests[0];
      await press(page, to);
      return `${from}${to}`;
    }
  }
  throw new Error('no own piece has a legal move');
}

async function movesListed(page) {
  return page.locator('#lz-moves [data-ascii]').evaluateAll((els) => els.map((e) => e.dataset.ascii));
}

for (const size of ['desktop', 'phone']) {
  describe(`陸戰棋 page (${size})`, () => {
    test('choose the game, deploy by hand with each refusal explained, play the engine, review the file', async () => {
      const page = await open(size);
      // The 国际军棋 page is the default and unchanged.
      assert.equal(await page.locator('#board [data-point]').count(), 90);
      await chooseLuzhanqi(page);
      assert.equal(await page.locator('#main').isVisible(), false);
      assert.match(page.url(), /game=luzhanqi/);

      // The board: 60 points, 10 camps, 4 headquarters, railways and roads; Red's 25 pieces.
      assert.equal(await page.locator('#lz-board [data-point]').count(), 60);
      assert.equal(await page.locator('#lz-board .lz-point.camp').count(), 10);
      assert.equal(await page.locator('#lz-board .lz-point.headquarters').count(), 4);
      assert.ok((await page.locator('#lz-board line.railway').count()) > 30);
      assert.ok((await page.locator('#lz-board line.road').count()) > 40);
      assert.equal(await page.locator('#lz-board [data-piece]').count(), 25);
      // It fits the screen's width (no sideways scrolling on a phone).
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: innerWidth,
        svg: document.querySelector('#lz-board svg').getBoundingClientRect().width,
      }));
      assert.ok(fit.scroll <= fit.width, `page ${fit.scroll} px wide in ${fit.width}`);
      assert.ok(fit.svg <= fit.width && fit.svg > Math.min(300, fit.width - 40), `board ${fit.svg} px`);

      // The limits are stated before any drop (L-17).
      const help = await page.textContent('#lz-deploy-help');
      for (const words of ['大本营', '最后两排', '第一排', '行营', 'L-17']) assert.ok(help.includes(words), `help names ${words}`);
      assert.match(await page.textContent('#lz-mode'), /明棋.*L-30/);

      // Default deployment: flag b1, landmines a1 c1, bomb c3, row 6 Y C E T P.
      const before = await page.inputValue('#lz-deploy-string');
      assert.equal(await letterAt(page, 'b1'), 'F');
      await move(page, 'b1', 'a6');
      let r = await refusal(page);
      assert.equal(r.code, 'flag-off-headquarters');
      assert.match(r.text, /a6/);
      assert.match(r.text, /大本营/);
      assert.equal(await letterAt(page, 'b1'), 'F', 'the refused drop moved nothing');
      assert.equal(await page.inputValue('#lz-deploy-string'), before);
      assert.equal(await page.locator('#lz-board .refused-mark').count(), 1);

      await move(page, 'a1', 'a6');
      r = await refusal(page);
      assert.equal(r.code, 'mine-off-back-rows');
      assert.match(r.text, /地雷只能放在最后两排/);

      await move(page, 'c3', 'a6');
      r = await refusal(page);
      assert.equal(r.code, 'bomb-on-front-row');
      assert.match(r.text, /炸弹不能放在第一排/);

      await move(page, 'a6', 'b5');
      r = await refusal(page);
      assert.equal(r.code, 'camp');
      assert.match(r.text, /行营/);

      await move(page, 'a6', 'a7');
      r = await refusal(page);
      assert.equal(r.code, 'outside-half');

      // A legal swap: the battalion and company commanders of the front row.
      await move(page, 'a6', 'b6');
      await page.locator('#lz-feedback').waitFor({ state: 'hidden' });
      assert.equal(await letterAt(page, 'a6'), 'C');
      assert.equal(await letterAt(page, 'b6'), 'Y');
      assert.notEqual(await page.inputValue('#lz-deploy-string'), before);

      // In English the refusal is in English.
      await page.click('#lang');
      await move(page, 'b1', 'c6');
      r = await refusal(page);
      assert.match(r.text, /the flag must stand on a headquarters/);
      await page.click('#lang');

      // A random deployment, from a seed.
      await page.fill('#lz-seed', '4242');
      await page.click('#lz-deploy-random');
      const random = await page.inputValue('#lz-deploy-string');
      assert.notEqual(random, before);
      assert.equal(await page.locator('#lz-board [data-piece]').count(), 25);
      assert.ok((await letterAt(page, 'b1')) === 'F' || (await letterAt(page, 'd1')) === 'F');

      // Play: the engine (heuristic on the phone, the search on the desktop) in its worker.
      await page.selectOption('#lz-agent', size === 'phone' ? 'heuristic' : 'search');
      await page.click('#lz-start');
      await page.waitForSelector('#lz-board[data-phase="play"]');
      assert.equal(await page.locator('#lz-board [data-piece]').count(), 50);
      for (let i = 0; i < 4; i++) {
        const n = (await movesListed(page)).length;
        await humanMove(page);
        await page.waitForFunction((k) => document.querySelectorAll('#lz-moves [data-ascii]').length >= k + 2
          || document.querySelector('#lz-result'), n, { timeout: 20_000 });
        if (await page.locator('#lz-result').count()) break;
      }
      const engine = await page.locator('#lz-engine').getAttribute('data-agent');
      assert.equal(engine, size === 'phone' ? 'heuristic' : 'search');
      const times = await page.evaluate(() => window.lzEngineTimes);
      console.log(`  ${size}: engine replies took ${times.map((t) => Math.round(t)).join(', ')} ms`);
      const listed = await movesListed(page);
      assert.ok(listed.length >= 2);

      // The exported file replays, in the library, to the moves the page lists.
      await page.selectOption('#lz-export-form', 'ascii');
      await page.click('#lz-export');
      const file = await page.inputValue('#lz-export-output');
      assert.match(file, /\[Game "luzhanqi"\]/);
      const oracle = LzGame.fromGameFile(file);
      assert.equal(oracle.movesAscii(), listed.join(' '));
      const finalView = JSON.parse(oracle.view(oracle.plies()));
      assert.equal(await page.textContent('#lz-position'), finalView.position);

      // Review: the file pasted and stepped through.
      await page.fill('#lz-gamefile-input', file);
      await page.click('#lz-load-gamefile');
      await page.waitForSelector('#lz-board[data-phase="review"]');
      assert.equal(await page.textContent('#lz-position'), JSON.parse(oracle.view(0)).position);
      await page.click('#lz-last');
      assert.equal(await page.textContent('#lz-position'), finalView.position);
      await page.click('#lz-prev');
      assert.equal(await page.textContent('#lz-position'), JSON.parse(oracle.view(oracle.plies() - 1)).position);
      await page.click('#lz-moves [data-ply="1"]');
      assert.equal(await page.textContent('#lz-position'), JSON.parse(oracle.view(1)).position);
      assert.equal(await page.locator('#lz-moves .current').getAttribute('data-ply'), '1');
      oracle.free();

      await page.screenshot({ path: join(shots, `lz-${size}-review.png`), fullPage: size === 'desktop' });

      // A broken file names its line and column.
      await page.fill('#lz-gamefile-input', '[Game "luzhanqi"]\n\n1. 司a1-a9 *\n');
      await page.click('#lz-load-gamefile');
      assert.match(await page.textContent('#lz-error'), /game file: .*3:/);

      // Back to 国际军棋: its board as it was.
      await page.selectOption('#game-choice', 'gjjq');
      assert.equal(await page.locator('#main').isVisible(), true);
      assert.equal(await page.locator('#lz-app').isVisible(), false);
      assert.equal(await page.locator('#board [data-point]').count(), 90);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  });
}

describe('陸戰棋 page: the end of a game, Blue at the bottom', () => {
  test('a reviewed game ends with the flag captured; playing Blue turns the board', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    assert.equal(await page.locator('#game-choice').inputValue(), 'luzhanqi');
    const g = new LzGame(FLAG_HUNT);
    g.play(0, 'b11b12');
    const file = g.gameFile('simplified');
    g.free();
    await page.fill('#lz-gamefile-input', file);
    await page.click('#lz-load-gamefile');
    await page.click('#lz-last');
    const result = page.locator('#lz-result');
    assert.equal(await result.getAttribute('data-winner'), 'red');
    assert.equal(await result.getAttribute('data-reason'), 'flag-captured');
    assert.match(await result.textContent(), /红方 胜 · 扛旗（1-0）/);

    // Blue: the own half at the bottom of the screen, the engine (random) moves first.
    await page.click('#lz-new');
    await page.selectOption('#lz-side', 'blue');
    await page.selectOption('#lz-agent', 'random');
    const [, yOwn] = await center(page, 'c12');
    const [, yEnemy] = await center(page, 'c1');
    assert.ok(yOwn > yEnemy, 'Blue\'s back row is at the bottom');
    assert.ok([await letterAt(page, 'b12'), await letterAt(page, 'd12')].includes('f'), 'Blue\'s flag on its headquarters');
    await page.click('#lz-start');
    await page.waitForSelector('#lz-moves [data-ply="1"]', { timeout: 20_000 });
    assert.equal(await page.locator('#lz-moves [data-ply="1"]').getAttribute('class'), 'move red current');
    // A click on an enemy piece says why nothing happens.
    await press(page, 'c1');
    const r = await refusal(page);
    assert.match(r.text, /不是你的棋子|这里没有棋子/);
    await humanMove(page);
    await page.waitForSelector('#lz-moves [data-ply="3"]', { timeout: 20_000 });
    await page.screenshot({ path: join(shots, 'lz-blue.png') });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
