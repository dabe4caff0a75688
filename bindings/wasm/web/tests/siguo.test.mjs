// End-to-end tests of the 四國軍棋 page (siguo.html) in Debian's Chromium (playwright-core):
// a hand deployment with an L-17 refusal explained, then a whole 四暗 game to its end at
// 1280 × 800 and at 390 × 844 (touch), Red's moves picked at random through the board, with
// no console error and a leak scan after every engine move: the DOM (every tile, attribute,
// text and form value), the page's reachable state (globals, storage) and every message the
// game's worker sent the page must hold no kind Red does not see (L-63, L-64). The scanner
// itself is tested against planted leaks, so that a scan that cannot fail does not pass.
//
// The page is served by `vite preview` on 127.0.0.1 (started here unless GJJQ_SG_WEB_URL names
// a running server). GJJQ_SG_RED_MOVES (default 24) caps Red's own moves: Red then surrenders
// (L-54) and the three engines play on to the end the page shows.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, pointer, servePage, webDir } from './harness.mjs';

// Not 4190: it is on the fetch standard's list of blocked ports (ManageSieve), and node's fetch refuses it.
const port = Number(process.env.GJJQ_SG_WEB_PORT ?? 4181);
const shots = process.env.GJJQ_SCREENSHOT_DIR ?? join(webDir, 'test-results');
const RED_MOVES = Number(process.env.GJJQ_SG_RED_MOVES ?? 24);
mkdirSync(shots, { recursive: true });

let base;
let stopServer;
let browser;

before(async () => {
  ({ base, stop: stopServer } = await servePage({ url: process.env.GJJQ_SG_WEB_URL, port, waitMs: 60_000 }));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  stopServer?.();
});

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

// ---- the leak scanner (runs in the page) ----------------------------------------------

/** Installed before the page's own scripts: records every message a worker sends the page
 * and the globals the browser itself defines, and defines the scanner `__sgScan(mode)`, which
 * returns every leak it finds (an empty list when none). */
function installScanner() {
  const baseline = new Set(Object.getOwnPropertyNames(window));
  const messages = [];
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => messages.push(e.data));
    }
  };
  // The test's own globals.
  for (const name of ['__sgScan', '__sgMessages', '__sgLeaks', '__sgScans']) baseline.add(name);
  window.__sgMessages = messages;
  const KIND_CHARS = /[司軍军師师旅團团營营連连排工炸雷旗]/;
  const seesKinds = (mode, seat) => seat === 'red' || mode === 'open' || (mode === 'double_open' && seat === 'blue');
  window.__sgScan = (mode) => {
    const leaks = [];
    const shownFlags = new Set();
    // 1. What the worker sent: no piece of a seat Red does not see carries a letter, unless
    // it is a flag the referee showed (L-63); no referee record before the end.
    for (const m of messages) {
      if (typeof m !== 'object' || m === null) continue;
      if (typeof m.text === 'string' && m.text.includes('[Setup') && !messages.some((x) => x?.view && JSON.parse(x.view).outcome)) {
        leaks.push('a referee record reached the page before the end');
      }
      if (typeof m.view !== 'string') continue;
      const v = JSON.parse(m.view);
      for (const f of v.flags ?? []) shownFlags.add(f.point);
      for (const p of v.pieces ?? []) {
        if (!seesKinds(mode, p.seat) && p.letter !== null && !(p.letter.toUpperCase() === 'F' && (v.flags ?? []).some((f) => f.point === p.point))) {
          leaks.push(`message: ${p.seat} ${p.point} is ${p.letter}`);
        }
      }
    }
    // 2. The DOM: every tile of a hidden seat is blank; nothing anywhere names a hidden kind.
    for (const el of document.querySelectorAll('[data-seat]')) {
      const seat = el.getAttribute('data-seat');
      if (seesKinds(mode, seat)) continue;
      const point = el.getAttribute('data-point');
      const flag = shownFlags.has(point) && el.getAttribute('data-kind') === 'F';
      if (el.hasAttribute('data-kind') && !flag) leaks.push(`dom: ${seat} ${point} data-kind=${el.getAttribute('data-kind')}`);
      if (KIND_CHARS.test(el.textContent ?? '') && !flag) leaks.push(`dom: ${seat} ${point} reads "${el.textContent}"`);
      for (const a of el.getAttributeNames()) {
        if (!['class', 'data-seat', 'data-point', 'data-kind'].includes(a)) leaks.push(`dom: ${seat} ${point} has ${a}`);
      }
    }
    const before = !document.querySelector('body[data-phase="end"]');
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.getAttributeNames()) {
        const value = el.getAttribute(a) ?? '';
        if (value.includes('[Setup') || (a === 'data-kind' && !el.closest('[data-seat]'))) leaks.push(`dom: <${el.tagName}> ${a}`);
      }
      if ((el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) && el.value.includes('[Setup') && before) {
        leaks.push(`dom: #${el.id} holds a referee record before the end`);
      }
    }
    if (before && document.body.innerText.includes('[Setup')) leaks.push('dom: a referee record in the text');
    // 3. Reachable page state: no global the page added, nothing stored.
    for (const name of Object.getOwnPropertyNames(window)) {
      if (!baseline.has(name)) leaks.push(`global: window.${name}`);
    }
    if (localStorage.length || sessionStorage.length) leaks.push('storage: something was stored');
    return leaks;
  };
}

async function open(size) {
  const context = await browser.newContext(SIZES[size]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(installScanner);
  await page.goto(base + 'siguo.html');
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  page.errors = errors;
  page.size = size;
  return page;
}

const scan = (page, mode = 'dark') => page.evaluate((m) => window.__sgScan(m), mode);

async function center(page, point) {
  const box = await page.locator(`#sg-board [data-hit="${point}"]`).boundingBox();
  assert.ok(box, `point ${point} on screen`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const { press, drag } = pointer(center);

const kindAt = (page, point) => page.locator(`#sg-board .sg-piece[data-point="${point}"]`).getAttribute('data-kind', { timeout: 2_000 });

/** Wait until the engines are done: Red to move, or the end. */
async function settle(page) {
  await page.waitForFunction(
    () => document.body.dataset.busy === 'false' && (document.body.dataset.phase === 'end' || document.body.dataset.turn === 'red'),
    null,
    { timeout: 60_000, polling: 50 },
  );
}

/** One random legal move of Red through the board: tap random own pieces until one shows
 * destinations, then tap a random destination. */
async function redMove(page, rand) {
  const own = await page.locator('#sg-board .sg-piece[data-seat="red"]').evaluateAll((els) => els.map((e) => e.dataset.point));
  own.sort(() => rand() - 0.5);
  for (const from of own) {
    await press(page, from);
    const dests = await page.locator('#sg-board .sg-dest').evaluateAll((els) => els.map((e) => e.dataset.dest));
    if (dests.length) {
      await press(page, dests[Math.floor(rand() * dests.length)]);
      return true;
    }
  }
  return false;
}

function mulberry(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('四國 page', () => {
  test('the leak scanner finds planted leaks (so that a clean scan means something)', async () => {
    const page = await open('desktop');
    await page.click('#sg-start');
    await settle(page);
    assert.deepEqual(await scan(page), [], 'a fresh 四暗 game scans clean');
    // A kind on a hidden seat's tile, as text and as an attribute.
    const planted = await page.evaluate(() => {
      const tile = document.querySelector('#sg-board .sg-piece[data-seat="green"]');
      tile.setAttribute('data-kind', 'S');
      return tile.getAttribute('data-point');
    });
    let leaks = await scan(page);
    assert.ok(leaks.some((l) => l.includes(`green ${planted} data-kind=S`)), leaks.join('\n'));
    await page.evaluate(() => {
      const tile = document.querySelector('#sg-board .sg-piece[data-seat="green"]');
      tile.removeAttribute('data-kind');
      tile.append(document.createElementNS('http://www.w3.org/2000/svg', 'text'));
      tile.lastChild.textContent = '司';
    });
    leaks = await scan(page);
    assert.ok(leaks.some((l) => l.includes(`green ${planted} reads "司"`)), leaks.join('\n'));
    // Under 雙明 Blue's kinds are Red's to see; Green's never.
    assert.ok((await scan(page, 'double_open')).length > 0);
    assert.deepEqual(await scan(page, 'open'), []);
    await page.evaluate(() => document.querySelector('#sg-board .sg-piece[data-seat="green"] text').remove());
    // A message from the worker naming a hidden kind; a page global; the referee's record.
    await page.evaluate(() => window.__sgMessages.push({ view: JSON.stringify({ flags: [], pieces: [{ point: 'm8', seat: 'yellow', letter: 'j' }] }) }));
    leaks = await scan(page);
    assert.ok(leaks.some((l) => l === 'message: yellow m8 is j'), leaks.join('\n'));
    await page.evaluate(() => window.__sgMessages.pop());
    await page.evaluate(() => (window.leakyState = { kinds: 'S' }));
    assert.ok((await scan(page)).includes('global: window.leakyState'));
    await page.evaluate(() => delete window.leakyState);
    await page.evaluate(() => (document.getElementById('sg-export-output').value = '[Setup "…"]'));
    assert.ok((await scan(page)).some((l) => l.includes('sg-export-output')));
    await page.evaluate(() => (document.getElementById('sg-export-output').value = ''));
    assert.deepEqual(await scan(page), [], 'clean again once the plants are gone');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('雙明 shows Red its ally\'s kinds and no enemy\'s; 全明 every kind, and its search answers (L-62, L-64)', async () => {
    const page = await open('desktop');
    await page.selectOption('#sg-mode', 'double_open');
    await page.click('#sg-start');
    await settle(page);
    const kinds = (seat) => page.locator(`#sg-board .sg-piece[data-seat="${seat}"][data-kind]`).count();
    assert.equal(await kinds('blue'), 25);
    assert.equal(await kinds('green'), 0);
    assert.equal(await kinds('yellow'), 0);
    assert.deepEqual(await scan(page, 'double_open'), []);
    assert.ok((await scan(page, 'dark')).length > 0, 'under 四暗 rules the same page would leak Blue');
    await page.click('#sg-new');
    await page.selectOption('#sg-mode', 'open');
    await page.click('#sg-start');
    await settle(page);
    for (const seat of ['red', 'green', 'blue', 'yellow']) assert.equal(await kinds(seat), 25, seat);
    const before = await page.locator('#sg-announcements li').count();
    assert.ok(await redMove(page, mulberry(3)));
    await settle(page);
    assert.equal(await page.locator('#sg-announcements li').count(), before + 4, 'Red, then the three searches');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  for (const size of (process.env.GJJQ_SG_SIZES ?? 'desktop,phone').split(',')) {
    test(`${size}: deploy by ${size === 'phone' ? 'tap' : 'drag'}, then a whole 四暗 game to its end with no leak`, async () => {
      const t0 = Date.now();
      const page = await open(size);
      const vp = page.viewportSize();
      // The whole cross is in view.
      const box = await page.locator('#sg-board svg').boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width + 1 && box.y + box.height <= vp.height + 1, `board ${JSON.stringify(box)} in ${JSON.stringify(vp)}`);
      assert.ok(box.width >= Math.min(vp.width, vp.height) * 0.8, 'the board is not tiny');
      // The four arcs and the 九宮 are drawn.
      assert.equal(await page.locator('#sg-board .sg-arc').count(), 4);
      assert.equal(await page.locator('#sg-board .sg-palace').count(), 1);
      // Deployment: the flag (on h1 or j1 by default) moved off the headquarters is refused
      // and explained (L-17); a legal swap is taken.
      const flag = (await kindAt(page, 'h1')) === 'F' ? 'h1' : 'j1';
      const front = flag === 'h1' ? 'h2' : 'j2';
      await drag(page, flag, front);
      const fb = page.locator('#sg-feedback');
      await assert.doesNotReject(fb.waitFor({ state: 'visible' }));
      assert.match(await fb.getAttribute('data-codes'), /flag-off-headquarters/);
      assert.match(await fb.textContent(), /L-17/);
      assert.equal(await kindAt(page, flag), 'F', 'the refused arrangement is not taken');
      const [a, b] = ['g6', 'k6'];
      const ka = await kindAt(page, a);
      const kb = await kindAt(page, b);
      await drag(page, a, b);
      if (ka !== kb) assert.equal(await kindAt(page, b), ka, 'a legal swap is taken');
      // Play 四暗 (the default).
      assert.equal(await page.locator('#sg-mode').inputValue(), 'dark');
      await page.click('#sg-start');
      // The scan after every engine move: the page bumps body[data-engine-moves] after it has
      // drawn each one; the observer scans right then.
      await page.evaluate(() => {
        window.__sgLeaks = [];
        window.__sgScans = 0;
        new MutationObserver(() => {
          window.__sgScans++;
          window.__sgLeaks.push(...window.__sgScan('dark'));
        }).observe(document.body, { attributes: true, attributeFilter: ['data-engine-moves'] });
      });
      const rand = mulberry(size === 'phone' ? 2 : 1);
      let redMoves = 0;
      for (;;) {
        await settle(page);
        if ((await page.getAttribute('body', 'data-phase')) === 'end') break;
        if (redMoves >= RED_MOVES) {
          // The ply cap: Red surrenders (L-54) and the engines play on to the end.
          const heard = await page.locator('#sg-announcements li').count();
          await page.click('#sg-resign');
          await page.waitForFunction(
            (n) => document.querySelectorAll('#sg-announcements li').length > n || document.getElementById('sg-error').textContent,
            heard,
            { timeout: 10_000, polling: 50 },
          );
          assert.equal(await page.locator('#sg-error').textContent(), '', 'the surrender was taken');
          try {
            await page.waitForFunction(() => document.body.dataset.phase === 'end', null, { timeout: 120_000, polling: 100 });
          } catch (err) {
            const state = await page.evaluate(() => ({ status: document.getElementById('sg-status').textContent, error: document.getElementById('sg-error').textContent, plies: document.querySelectorAll('#sg-announcements li').length, last: document.querySelector('#sg-announcements li')?.textContent, body: { ...document.body.dataset } }));
            await page.screenshot({ path: join(shots, `siguo-${size}-stuck.png`) });
            throw new Error(`no end after the surrender: ${JSON.stringify(state)}: ${err}`);
          }
          break;
        }
        assert.ok(await redMove(page, rand), 'Red had a legal move');
        redMoves++;
        if (redMoves === 12) await page.screenshot({ path: join(shots, `siguo-${size}-play.png`) });
      }
      const agents = await page.evaluate(() => [...new Set(window.__sgMessages.filter((m) => m.engine?.seat).map((m) => m.engine.agent))]);
      assert.deepEqual(agents, ['determinized'], "every engine move came from its seat's engine worker");
      const scans = await page.evaluate(() => window.__sgScans);
      const leaks = await page.evaluate(() => window.__sgLeaks);
      assert.deepEqual(leaks, [], 'no leak after any engine move');
      assert.ok(scans > 10, `scanned after every engine move (${scans})`);
      const result = await page.locator('#sg-result').textContent();
      assert.match(result, /(胜|和棋|wins|Draw)/);
      const plies = await page.locator('#sg-announcements li').count();
      // The game file at the end: the referee's record (L-61), every kind in its Setup.
      await page.click('#sg-export');
      const out = page.locator('#sg-export-output');
      await page.waitForFunction(() => document.getElementById('sg-export-output').value.length > 0);
      const text = await out.inputValue();
      assert.match(text, /\[Game "siguo"\]/);
      assert.match(text, /\[Setup /);
      assert.match(text, /\[Result /);
      assert.deepEqual(page.errors, []);
      await page.screenshot({ path: join(shots, `siguo-${size}.png`), fullPage: false });
      const ms = await page.evaluate(() => window.__sgMessages.filter((m) => m.engine?.seat).map((m) => m.engine.ms));
      ms.sort((x, y) => x - y);
      const q = (f) => Math.round(ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]);
      console.log(`  ${size}: ${result} after ${plies} plies (${redMoves} of Red's), ${scans} scans, ${((Date.now() - t0) / 1000).toFixed(1)} s; engine moves in their workers: median ${q(0.5)} ms, 90th percentile ${q(0.9)} ms, max ${q(1)} ms`);
      await page.context().close();
    });
  }
});
