// End-to-end tests of the 陸戰棋 page in Debian's Chromium (playwright-core): the game choice,
// a hand deployment with each L-17 refusal explained, a random deployment, open play against
// the engine's worker, a game file reviewed, dark play (L-31) and flip play (L-32) with no
// hidden kind in the DOM; at desktop size and on a phone (390×844, touch).
//
// The page is served by `vite preview` on 127.0.0.1 (started here unless GJJQ_LZ_WEB_URL names a
// running server). Node loads the same WASM module as an oracle (the game file the page
// exports must replay to the moves it lists; the final position of a reviewed file).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, pointer, servePage, webDir } from './harness.mjs';
import initWasm, { LzFlipGame, LzGame, lzCheckDeployment, lzDeploymentPoints } from '../pkg/gjjq_wasm.js';

const port = Number(process.env.GJJQ_LZ_WEB_PORT ?? 4180);
const shots = process.env.GJJQ_SCREENSHOT_DIR ?? join(webDir, 'test-results');
mkdirSync(shots, { recursive: true });

// Red's general on b11, Blue's flag on b12 (L-13): one move from the end.
const FLAG_HUNT = '1f1s1/1J3/5/5/5/5/5/5/5/5/5/1F3 r';

let base;
let stopServer;
let browser;

before(async () => {
  ({ base, stop: stopServer } = await servePage({ url: process.env.GJJQ_LZ_WEB_URL, port, waitMs: 20_000 }));
  await initWasm({ module_or_path: readFileSync(join(webDir, 'pkg/gjjq_wasm_bg.wasm')) });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  stopServer?.();
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

const { press, drag: move } = pointer(center);

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

// ---- 暗棋 (L-31): dark play against the engine --------------------------------------------

const KIND_WORDS = ['司令', '军长', '师长', '旅长', '团长', '营长', '连长', '排长', '工兵', '炸弹', '地雷', '军旗',
  'field marshal', 'general', 'division commander', 'brigade commander', 'regiment commander',
  'battalion commander', 'company commander', 'platoon commander', 'engineer', 'bomb', 'landmine', 'flag'];
const KIND_CHARS = '司军軍师師旅团團营營连連排工炸雷旗';

/** L-31 before the end: nothing in the page names an enemy piece's kind. The engine's
 * deployment is drawn in the worker from a secret no one sees (issue 50 item 16), so the test
 * learns it only at the end, from the referee's record: each scan keeps the page's HTML in
 * `seen`, and `assertNeverShown` checks them all once the deployment is known. */
async function assertNoEnemyKind(page, seen) {
  const scan = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    const pieces = [...document.querySelectorAll('#lz-board [data-piece]')].map((e) => e.getAttribute('data-piece'));
    const enemyPoints = [...document.querySelectorAll('#lz-board .piece.back')].map((e) => e.closest('[data-point]'));
    return {
      html,
      pieces,
      // Each enemy piece's drawing, its point's label and tooltip without the point's own
      // kind (大本营 and 行营 hold 营, a kind's character).
      enemyHtml: enemyPoints.map((g) =>
        [g.querySelector('.piece').outerHTML, g.getAttribute('aria-label'), g.querySelector('title').textContent]
          .join(' ')
          .replace(/大本营|行营|headquarters|camp/g, ''),
      ),
      // The referee's words; a flag point shown (L-31) is announced, and allowed.
      words: ['#lz-status', '#lz-announce', '#lz-moves', '#lz-engine']
        .map((s) => document.querySelector(s)?.textContent ?? '')
        .join(' | ')
        .replace(/[红蓝]方军旗在 [a-e]\d+|(Red|Blue) flag on [a-e]\d+/g, ''),
    };
  });
  seen.push(scan.html);
  // Own pieces are upper case (the person plays Red); Blue's would be lower case.
  assert.ok(scan.pieces.every((p) => p === '?' || /^[SJDBTYCPEZLF]$/.test(p)), `pieces ${scan.pieces.join('')}`);
  assertHidden(scan.enemyHtml, 'an enemy piece');
  for (const w of KIND_WORDS) assert.ok(!scan.words.includes(w), `the side panel names ${w}: ${scan.words}`);
  for (const c of KIND_CHARS) assert.ok(!scan.words.includes(c), `the side panel shows ${c}: ${scan.words}`);
}

/** The drawings of hidden pieces (each its piece's markup, its point's label and tooltip
 * without the point's own kind): none names or shows a kind, none has a letter. */
function assertHidden(groups, what) {
  assert.ok(groups.length > 0, `no ${what} on the board`);
  for (const g of groups) {
    for (const w of KIND_WORDS) assert.ok(!g.includes(w), `${what} names ${w}: ${g}`);
    for (const c of KIND_CHARS) assert.ok(!g.includes(c), `${what} shows ${c}: ${g}`);
    assert.ok(!/data-piece="[A-Za-z]"/.test(g), g);
  }
}

/** Each hidden piece's drawing under `selector`, as assertHidden reads it. */
async function hiddenGroups(page, selector) {
  return page.evaluate((sel) =>
    [...document.querySelectorAll(sel)].map((piece) => {
      const g = piece.closest('[data-point]');
      return [piece.outerHTML, g.getAttribute('aria-label'), g.querySelector('title').textContent]
        .join(' ')
        .replace(/大本营|行营|headquarters|camp/g, '');
    }), selector);
}

/** The deployment of `side` at the start of a game file's game (its own frame, L-19), read by
 * the library in node: the pieces of the start position put back through the deployment check. */
function startDeployment(record, side) {
  const g = LzGame.fromGameFile(record);
  const start = JSON.parse(g.view(0));
  g.free();
  const own = start.pieces.filter((p) => (p.letter === p.letter.toUpperCase()) === (side === 'red'));
  const check = JSON.parse(lzCheckDeployment(side, JSON.stringify(own.map((p) => [p.point, p.letter.toUpperCase()]))));
  assert.ok(check.deployment, JSON.stringify(check.problems));
  return check.deployment;
}

/** The deployment string read left to right in each row: the same pieces, mirrored. */
const mirrored = (d) => d.split('/').map((row) => [...row].reverse().join('')).join('/');

/** The person resigns (認輸, confirmed) and the true game is revealed: its referee's record. */
async function resignAndReveal(page) {
  await page.click('#lz-resign');
  assert.equal(await page.locator('#lz-resign').isVisible(), false, 'one click only asks');
  assert.equal(await page.locator('#lz-result').count(), 0, 'not resigned before confirming');
  await page.click('#lz-resign-yes');
  await page.waitForSelector('#lz-result', { timeout: 20_000 });
  assert.equal(await page.getAttribute('#lz-result', 'data-reason'), 'resignation');
  await page.click('#lz-reveal');
  await page.waitForSelector('#lz-board[data-phase="review"]');
  return page.inputValue('#lz-gamefile-input');
}

function assertNeverShown(seen, enemy) {
  assert.ok(seen.length > 0);
  for (const html of seen) {
    assert.ok(!html.includes(enemy), 'the enemy deployment string was in the DOM');
    assert.ok(!html.includes(mirrored(enemy)), 'the enemy deployment string (mirrored) was in the DOM');
  }
}

async function startDark(page, agent, seed) {
  await page.waitForSelector('#lz-app[data-ready="true"]');
  await page.selectOption('#lz-mode-select', 'dark');
  assert.match(await page.textContent('#lz-mode'), /暗棋.*L-31/);
  await page.selectOption('#lz-agent', agent);
  await page.fill('#lz-seed', String(seed));
  await page.click('#lz-start');
  await page.waitForSelector('#lz-board[data-phase="dark"] .lz-point.movable', { timeout: 20_000 });
}

/** A move of the person that attacks when one of its pieces can (in dark play only the
 * pieces that can move are marked movable), else the first piece's first move. */
async function attackingMove(page) {
  const movable = await page.locator('#lz-board .lz-point.movable').evaluateAll((els) => els.map((e) => e.dataset.point));
  assert.ok(movable.length > 0, 'no own piece can move');
  for (const from of movable) {
    await press(page, from);
    const attack = await page.locator('#lz-board .lz-dest.attack').evaluateAll((els) => els.map((e) => e.dataset.dest));
    if (attack.length) {
      await press(page, attack[0]);
      return;
    }
  }
  await press(page, movable[0]);
  const dest = await page.locator('#lz-board .lz-dest').first().getAttribute('data-dest');
  await press(page, dest);
}

/** One move of the person and the engine's answer (or the end). */
async function darkRound(page, attack = false) {
  const n = (await movesListed(page)).length;
  if (attack) await attackingMove(page);
  else await humanMove(page);
  await page.waitForFunction(
    (k) => document.querySelectorAll('#lz-moves [data-ascii]').length >= k + 2 || document.querySelector('#lz-result'),
    n,
    { timeout: 20_000 },
  );
}

for (const size of ['desktop', 'phone']) {
  describe(`陸戰棋 dark play (${size})`, () => {
    test('the enemy is shown without kinds, the referee announces, beliefs on demand', async () => {
      const page = await open(size, '?game=luzhanqi');
      const seed = size === 'phone' ? 31 : 30;
      const seen = [];
      await startDark(page, size === 'phone' ? 'heuristic' : 'ismcts', seed);
      assert.equal(await page.locator('#lz-board .piece.back').count(), 25);
      assert.equal(await page.locator('#lz-board [data-piece]:not([data-piece="?"])').count(), 25);
      await assertNoEnemyKind(page, seen);
      for (let i = 0; i < 5; i++) {
        await darkRound(page);
        if (await page.locator('#lz-result').count()) break;
        await assertNoEnemyKind(page, seen);
      }
      const listed = await movesListed(page);
      assert.ok(listed.length >= 2 && listed.every((m) => /^[a-e]\d+[a-e]\d+$/.test(m)), listed.join(' '));
      assert.match(await page.textContent('#lz-announce'), /裁判/);
      assert.equal(await page.locator('#lz-engine').getAttribute('data-agent'), size === 'phone' ? 'heuristic' : 'ismcts');
      const times = await page.evaluate(() => window.lzEngineTimes);
      console.log(`  dark ${size}: engine replies took ${times.map((t) => Math.round(t)).join(', ')} ms`);
      assert.ok(Math.max(...times) < 2000, `an engine reply took ${Math.max(...times)} ms`);

      // Beliefs: every enemy piece shaded with its most likely kind, from the person's state.
      await page.check('#lz-beliefs-toggle');
      await page.waitForFunction(
        () => document.querySelectorAll('#lz-board .piece.back.believed').length === document.querySelectorAll('#lz-board .piece.back').length,
        null,
        { timeout: 20_000 },
      );
      assert.equal(await page.getAttribute('#lz-beliefs-note', 'data-exact'), 'true');
      const tip = await page.locator('#lz-board .piece.back.believed').first().evaluate((e) => e.closest('[data-point]').getAttribute('aria-label'));
      assert.match(tip, /推测：.+%/);
      const btimes = await page.evaluate(() => window.lzBeliefsTimes);
      console.log(`  dark ${size}: beliefs took ${btimes.map((t) => Math.round(t)).join(', ')} ms`);
      await page.uncheck('#lz-beliefs-toggle');
      assert.equal(await page.locator('#lz-board .piece.back.believed').count(), 0);
      await assertNoEnemyKind(page, seen);

      // The person's record: its own deployment and the announcements only.
      await page.click('#lz-export');
      await page.waitForFunction(() => document.querySelector('#lz-export-output').value.length > 0);
      const record = await page.inputValue('#lz-export-output');
      assert.match(record, /\[Mode "dark"\]/);
      await page.screenshot({ path: join(shots, `lz-dark-${size}.png`), fullPage: size === 'desktop' });
      // The end by resignation; then the true game: nothing shown before named the enemy's deployment.
      const truth = await resignAndReveal(page);
      const enemy = startDeployment(truth, 'blue');
      assertNeverShown(seen, enemy);
      assert.ok(!record.includes(enemy));
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  });
}

describe('陸戰棋 dark play to the end', () => {
  test('against the random agent until the end; then the true game is revealed', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    const seed = 32;
    const seen = [];
    await startDark(page, 'random', seed);
    assert.equal(await page.locator('#lz-reveal').isVisible(), false);
    for (let i = 0; i < 400 && !(await page.locator('#lz-result').count()); i++) {
      await darkRound(page, true);
      if (i % 10 === 0 && !(await page.locator('#lz-result').count())) await assertNoEnemyKind(page, seen);
    }
    const result = page.locator('#lz-result');
    assert.equal(await result.count(), 1, 'the game ended');
    console.log(`  dark game ended: ${await result.textContent()} after ${(await movesListed(page)).length} plies`);
    await page.click('#lz-reveal');
    await page.waitForSelector('#lz-board[data-phase="review"]');
    // Reviewed from its start: Blue's true deployment, lower case (L-5), as the record holds it.
    const enemy = startDeployment(await page.inputValue('#lz-gamefile-input'), 'blue');
    assertNeverShown(seen, enemy);
    await page.click('#lz-first-ply');
    const truth = JSON.parse(lzDeploymentPoints('blue', enemy));
    for (const p of truth.slice(0, 5)) assert.equal(await letterAt(page, p.point), p.letter);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

// ---- 翻棋 (L-32): flip play against the engine -------------------------------------------

/** L-32 until flipped: nothing in the page tells what a face-down piece is. Every face-down
 * point's drawing is a bare back; their number is the state string's `?` count (so no
 * face-down point is drawn as a piece); the side panel names only kinds face up or flipped
 * (each flip's piece is in its ply, `c6=工`), checked against the page's own list. */
async function assertNoFaceDownKind(page) {
  const groups = await hiddenGroups(page, '#lz-board .piece.down');
  // Late in a game every piece may be face up.
  if (groups.length) assertHidden(groups, 'a face-down piece');
  const scan = await page.evaluate(() => ({
    position: document.querySelector('#lz-position').textContent,
    down: document.querySelectorAll('#lz-board .piece.down').length,
    downPoints: [...document.querySelectorAll('#lz-board .piece.down')].map((e) => e.closest('[data-point]').dataset.point),
    html: document.documentElement.outerHTML,
  }));
  const board = scan.position.split(' ')[0];
  assert.equal(scan.down, [...board].filter((c) => c === '?').length, scan.position);
  // No ply text names a point that is still face down with a piece (`c6=E` only once flipped).
  for (const p of scan.downPoints) assert.ok(!new RegExp(`\\b${p}=[A-Za-z]`).test(scan.html), `${p} named with a kind while face down`);
  return groups.length;
}

async function startFlip(page, agent, seed, order = 'first') {
  await page.waitForSelector('#lz-app[data-ready="true"]');
  await page.selectOption('#lz-mode-select', 'flip');
  assert.match(await page.textContent('#lz-mode'), /翻棋.*L-32/);
  assert.equal(await page.locator('#lz-deploy-string').isVisible(), false, 'no deployment in flip play');
  assert.equal(await page.locator('#lz-order').isVisible(), true);
  await page.selectOption('#lz-order', order);
  await page.selectOption('#lz-agent', agent);
  await page.fill('#lz-seed', String(seed));
  await page.click('#lz-start');
  await page.waitForSelector('#lz-board[data-phase="flip"] .lz-point.flippable', { timeout: 20_000 });
}

/** The person's turn: an attack when one of its pieces can, else the first face-down piece
 * flipped (a tap), else the first move. */
async function flipTurn(page) {
  const movable = await page.locator('#lz-board .lz-point.movable').evaluateAll((els) => els.map((e) => e.dataset.point));
  for (const from of movable) {
    await press(page, from);
    const attack = await page.locator('#lz-board .lz-dest.attack').evaluateAll((els) => els.map((e) => e.dataset.dest));
    if (attack.length) {
      await press(page, attack[0]);
      return;
    }
  }
  const flippable = await page.locator('#lz-board .lz-point.flippable').evaluateAll((els) => els.map((e) => e.dataset.point));
  if (flippable.length) {
    await press(page, flippable[0]);
    return;
  }
  await press(page, movable[0]);
  await press(page, await page.locator('#lz-board .lz-dest').first().getAttribute('data-dest'));
}

async function flipRound(page) {
  const n = (await movesListed(page)).length;
  await flipTurn(page);
  await page.waitForFunction(
    (k) => document.querySelectorAll('#lz-moves [data-ascii]').length >= k + 2 || document.querySelector('#lz-result'),
    n,
    { timeout: 20_000 },
  );
}

describe('陸戰棋 flip play in WASM (node, no browser)', () => {
  test('the flip search answers on wasm32 under node limits (it reads no clock)', () => {
    const g = new LzFlipGame('second', 'search', 11n);
    const reply = JSON.parse(g.engineMove());
    assert.equal(reply.agent, 'search');
    assert.match(reply.action, /^[a-e]\d+$/, 'the first action is a flip');
    assert.ok(reply.nodes > 0);
    assert.equal(reply.view.faceDown.length, 49);
    assert.equal(reply.view.yourTurn, true);
    // The person flips; the search answers again (the colours settled, moves possible).
    g.play(reply.view.flips[0]);
    const again = JSON.parse(g.engineMove());
    assert.ok(again.action);
    assert.ok(again.view.you === 'red' || again.view.you === 'blue');
    g.free();
  });
});

for (const size of ['desktop', 'phone']) {
  describe(`陸戰棋 flip play (${size})`, () => {
    test('flip a piece, the engine answers, no face-down kind in the DOM, the record reviewed', async () => {
      const page = await open(size, '?game=luzhanqi');
      await startFlip(page, size === 'phone' ? 'heuristic' : 'search', size === 'phone' ? 41 : 40);
      assert.equal(await page.locator('#lz-board .piece.down').count(), 50);
      assert.equal(await page.locator('#lz-board [data-piece]:not([data-piece="?"])').count(), 0);
      assert.match(await page.textContent('#lz-colours'), /颜色未定/);
      assert.equal(await page.getAttribute('#lz-colours', 'data-you'), '');
      assert.equal(await assertNoFaceDownKind(page), 50);

      // The first flip: one piece face up, its colour the person's (first_flip), the engine's reply.
      const first = await page.locator('#lz-board .lz-point.flippable').first().getAttribute('data-point');
      await press(page, first);
      await page.waitForFunction(() => document.querySelectorAll('#lz-moves [data-ascii]').length >= 2, null, { timeout: 20_000 });
      const listed = await movesListed(page);
      assert.match(listed[0], new RegExp(`^${first}=[A-Za-z]$`), listed[0]);
      const you = await page.getAttribute('#lz-colours', 'data-you');
      assert.equal(you, /^[a-e]\d+=[A-Z]$/.test(listed[0]) ? 'red' : 'blue', 'the first flip gives its colour');
      assert.match(await page.textContent('#lz-colours'), /你执[红蓝]方，引擎执[红蓝]方/);
      assert.equal(await page.locator(`#lz-board [data-point="${first}"] .piece.down`).count(), 0);
      assert.equal(await page.locator('#lz-engine').getAttribute('data-agent'), size === 'phone' ? 'heuristic' : 'search');
      await assertNoFaceDownKind(page);
      // Blue at the bottom when the person plays Blue (the points' places in the drawing).
      const cy = async (p) => Number(await page.locator(`#lz-board [data-point="${p}"] .hit`).getAttribute('cy'));
      assert.equal((await cy('c1')) > (await cy('c12')), you === 'red', 'the person\'s side at the bottom');

      for (let i = 0; i < 5 && !(await page.locator('#lz-result').count()); i++) {
        await flipRound(page);
        await assertNoFaceDownKind(page);
      }
      const times = await page.evaluate(() => window.lzEngineTimes);
      console.log(`  flip ${size}: engine replies took ${times.map((t) => Math.round(t)).join(', ')} ms`);
      assert.ok(Math.max(...times) < 3000, `an engine reply took ${Math.max(...times)} ms`);

      // The record: a flip game file that replays, in the library, to the page's plies and state.
      await page.click('#lz-export');
      await page.waitForFunction(() => document.querySelector('#lz-export-output').value.length > 0);
      const record = await page.inputValue('#lz-export-output');
      assert.match(record, /\[Mode "flip"\]/);
      const plies = await movesListed(page);
      const oracle = LzFlipGame.fromGameFile(record);
      assert.equal(oracle.plies(), plies.length);
      const end = JSON.parse(oracle.view(oracle.plies()));
      assert.deepEqual(end.history.map((p) => p.text), plies);
      assert.equal(await page.textContent('#lz-position'), end.position);
      await page.screenshot({ path: join(shots, `lz-flip-${size}.png`), fullPage: size === 'desktop' });

      // Review it: the start all face down, the last ply the game's state, a ply by its button.
      await page.fill('#lz-gamefile-input', record);
      await page.click('#lz-load-gamefile');
      await page.waitForSelector('#lz-board[data-phase="flip-review"]');
      assert.equal(await page.textContent('#lz-position'), JSON.parse(oracle.view(0)).position);
      assert.equal(await page.locator('#lz-board .piece.down').count(), 50);
      await page.click('#lz-last');
      assert.equal(await page.textContent('#lz-position'), end.position);
      await page.click('#lz-moves [data-ply="1"]');
      assert.equal(await page.textContent('#lz-position'), JSON.parse(oracle.view(1)).position);
      assert.equal(await page.locator('#lz-moves .current').getAttribute('data-ply'), '1');
      assert.equal(await page.locator('#lz-board .piece.down').count(), 49);
      oracle.free();
      // A broken flip file names its line and column.
      await page.fill('#lz-gamefile-input', '[Game "luzhanqi"]\n[Mode "flip"]\n\n1. b3=E *\n');
      await page.click('#lz-load-gamefile');
      assert.match(await page.textContent('#lz-error'), /flip game file: .*4:/);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  });
}

describe('陸戰棋 flip play to the end', () => {
  test('against the random agent as the second player until the end; the game reviewed', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    await page.selectOption('#lz-mode-select', 'flip');
    await page.selectOption('#lz-order', 'second');
    await page.selectOption('#lz-agent', 'random');
    await page.fill('#lz-seed', '42');
    await page.click('#lz-start');
    // The engine opens: its flip settles the colours.
    await page.waitForSelector('#lz-moves [data-ply="1"]', { timeout: 20_000 });
    assert.notEqual(await page.getAttribute('#lz-colours', 'data-you'), '');
    for (let i = 0; i < 400 && !(await page.locator('#lz-result').count()); i++) {
      await flipRound(page);
      if (i % 20 === 0 && !(await page.locator('#lz-result').count())) await assertNoFaceDownKind(page);
    }
    const result = page.locator('#lz-result');
    assert.equal(await result.count(), 1, 'the game ended');
    console.log(`  flip game ended: ${await result.textContent()} after ${(await movesListed(page)).length} plies`);
    await page.click('#lz-flip-review');
    await page.waitForSelector('#lz-board[data-phase="flip-review"]');
    await page.click('#lz-last');
    assert.equal(await page.locator('#lz-result').count(), 1, 'the end shown in review');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

// ---- issue 50 items 16–23: the page as an outside user found it ---------------------------

describe('陸戰棋: a resignation reaches the exported game file (issue 50 item 22)', () => {
  /** Resign (confirmed) and export: the file, once the export box holds it. */
  const resignAndExport = async (page) => {
    await page.locator('#lz-resign').scrollIntoViewIfNeeded();
    await page.click('#lz-resign');
    await page.click('#lz-resign-yes');
    await page.locator('#lz-result').waitFor();
    assert.equal(await page.getAttribute('#lz-result', 'data-reason'), 'resignation');
    await page.locator('#lz-export-output').evaluate((el) => {
      el.value = '';
    });
    await page.click('#lz-export');
    await page.waitForFunction(() => document.querySelector('#lz-export-output').value.length > 0);
    return page.inputValue('#lz-export-output');
  };

  test('open play: Result and Termination in the file, read back by the library', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    await page.selectOption('#lz-agent', 'random');
    await page.click('#lz-start');
    await page.waitForSelector('#lz-board[data-phase="play"]');
    await page.selectOption('#lz-export-form', 'ascii');
    const file = await resignAndExport(page);
    assert.equal(await page.getAttribute('#lz-result', 'data-winner'), 'blue');
    assert.match(file, /\[Result "0-1"\]/);
    assert.match(file, /\[Termination "resignation"\]/);
    assert.match(file, /(^|\s)0-1\s*$/, 'the movetext ends with the result');
    const back = LzGame.fromGameFile(file);
    assert.equal(back.plies(), 0);
    assert.match(back.gameFile('ascii'), /\[Result "0-1"\]/, 'read back, the stated result is kept');
    back.free();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('flip play: the winner is the other colour; the file and its review keep the result', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    await page.selectOption('#lz-mode-select', 'flip');
    await page.selectOption('#lz-order', 'first');
    await page.selectOption('#lz-agent', 'random');
    await page.click('#lz-start');
    await page.waitForSelector('#lz-board[data-phase="flip"] .lz-point.flippable', { timeout: 20_000 });
    await flipRound(page);
    const you = await page.getAttribute('#lz-colours', 'data-you');
    assert.ok(you === 'red' || you === 'blue', you);
    const winner = you === 'red' ? 'blue' : 'red';
    const token = winner === 'red' ? '1-0' : '0-1';
    const file = await resignAndExport(page);
    assert.equal(await page.getAttribute('#lz-result', 'data-winner'), winner);
    assert.match(file, new RegExp(`\\[Result "${token}"\\]`));
    assert.match(file, /\[Termination "resignation"\]/);
    const back = LzFlipGame.fromGameFile(file);
    assert.equal(back.plies(), (await movesListed(page)).length);
    assert.match(back.gameFile(), new RegExp(`\\[Result "${token}"\\]`), 'read back, the stated result is kept');
    back.free();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});


describe('陸戰棋 dark play: no seed the person types or sees shows the engine\'s deployment (issue 50 item 16)', () => {
  test('with a typed seed, 随机布阵 and the engine draw apart, mirrored or not', async () => {
    const page = await open('desktop', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    for (const seed of [777, 30, 5]) {
      await page.selectOption('#lz-mode-select', 'dark');
      await page.selectOption('#lz-agent', 'random');
      await page.fill('#lz-seed', String(seed));
      await page.click('#lz-deploy-random');
      const shown = await page.inputValue('#lz-deploy-string');
      // The person plays the deployment the button showed; the engine's comes from elsewhere.
      await page.click('#lz-start');
      await page.waitForSelector('#lz-board[data-phase="dark"] .lz-point.movable', { timeout: 20_000 });
      const truth = await resignAndReveal(page);
      assert.equal(startDeployment(truth, 'red'), shown, 'the person played the button\'s deployment');
      const engine = startDeployment(truth, 'blue');
      assert.notEqual(engine, shown, `seed ${seed}: the engine deployed as the button showed`);
      assert.notEqual(engine, mirrored(shown), `seed ${seed}: the engine deployed the button's deployment mirrored`);
      await page.click('#lz-new');
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

/** The move list's layout: no sideways spill, the newest (or current) ply inside its box. */
async function listLayout(page) {
  return page.evaluate(() => {
    const list = document.querySelector('#lz-moves');
    const items = list.querySelectorAll('[data-ascii]');
    const newest = list.querySelector('.current') ?? items[items.length - 1];
    const l = list.getBoundingClientRect();
    const r = newest.getBoundingClientRect();
    return {
      plies: items.length,
      scrollWidth: list.scrollWidth,
      clientWidth: list.clientWidth,
      visible: r.top >= l.top - 1 && r.bottom <= l.bottom + 1 && r.left >= l.left - 1 && r.right <= l.right + 1,
      newest: newest.dataset.ascii,
      last: items[items.length - 1].dataset.ascii,
    };
  });
}

for (const size of ['desktop', 'phone']) {
  describe(`陸戰棋 move list and phone fit (${size}, issue 50 items 17, 18, 22)`, () => {
    test('rows of two plies that never spill sideways, the newest in view; board and status on one screen', async () => {
      const page = await open(size, '?game=luzhanqi');
      await page.waitForSelector('#lz-app[data-ready="true"]');
      await page.selectOption('#lz-agent', 'random');
      await page.click('#lz-start');
      await page.waitForSelector('#lz-board[data-phase="play"]');
      const vh = page.viewportSize().height;
      // After 开始对局 the board and the status line above it are in view, whole.
      const fit = async () =>
        page.evaluate(() => {
          const s = document.querySelector('#lz-status').getBoundingClientRect();
          const b = document.querySelector('#lz-board svg').getBoundingClientRect();
          return { statusTop: s.top, boardBottom: b.bottom, width: document.documentElement.scrollWidth };
        });
      let f = await fit();
      assert.ok(f.statusTop >= 0 && f.boardBottom <= vh + 1, `status at ${f.statusTop}, board bottom at ${f.boardBottom} of ${vh}`);
      assert.equal(await page.getAttribute('#lz-status', 'aria-live'), 'polite', 'the status line is a live region');
      assert.equal(await page.getAttribute('#lz-board', 'aria-live'), null, 'board redraws are not read out');
      for (let i = 0; i < 16 && !(await page.locator('#lz-result').count()); i++) {
        const n = (await movesListed(page)).length;
        await humanMove(page);
        await page.waitForFunction((k) => document.querySelectorAll('#lz-moves [data-ascii]').length >= k + 2
          || document.querySelector('#lz-result'), n, { timeout: 20_000 });
      }
      const list = await listLayout(page);
      assert.ok(list.plies >= 20, `${list.plies} plies`);
      assert.ok(list.scrollWidth <= list.clientWidth, `list ${list.scrollWidth} px wide in ${list.clientWidth}`);
      assert.ok(list.visible, 'the newest move is in the list\'s view');
      assert.equal(list.newest, list.last);
      // Two plies a row, numbered as 国际军棋's list.
      assert.equal(await page.locator('#lz-moves li').count(), Math.ceil(list.plies / 2));
      // A phone: the page never scrolls sideways.
      f = await fit();
      assert.ok(f.width <= page.viewportSize().width, `page ${f.width} px wide`);

      // Resign: asked first, then the result, in view (and on a phone within one screen).
      await page.locator('#lz-resign').scrollIntoViewIfNeeded();
      await page.click('#lz-resign');
      await page.click('#lz-resign-no');
      assert.equal(await page.locator('#lz-result').count(), 0, '继续下 keeps the game');
      await page.click('#lz-resign');
      await page.click('#lz-resign-yes');
      const result = page.locator('#lz-result');
      await result.waitFor();
      assert.equal(await result.getAttribute('data-winner'), 'blue');
      assert.equal(await result.getAttribute('data-reason'), 'resignation');
      assert.match(await result.textContent(), /蓝方 胜 · 认输（0-1）/);
      await page.waitForFunction(() => {
        const r = document.querySelector('#lz-result').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }, null, { timeout: 2_000 });
      assert.equal(await page.locator('#lz-resign').isVisible(), false, 'no resign after the end');
      await page.screenshot({ path: join(shots, `lz-list-${size}.png`) });
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  });
}

describe('陸戰棋 dark play: a long game\'s list (issue 50 item 17)', () => {
  test('after many plies the newest announcement is in view and nothing spills', async () => {
    const page = await open('phone', '?game=luzhanqi');
    await startDark(page, 'random', 9);
    for (let i = 0; i < 32 && !(await page.locator('#lz-result').count()); i++) await darkRound(page);
    const list = await listLayout(page);
    assert.ok(list.plies >= 40, `${list.plies} plies`);
    assert.ok(list.scrollWidth <= list.clientWidth, `list ${list.scrollWidth} px wide in ${list.clientWidth}`);
    assert.ok(list.visible, 'the newest announcement is in the list\'s view');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('陸戰棋 teaching and refusals (issue 50 items 19, 22, 23)', () => {
  test('怎么下 and 棋子 in 陸戰棋 mode, the rule on each refusal, a phone\'s first view', async () => {
    const page = await open('phone', '?game=luzhanqi');
    await page.waitForSelector('#lz-app[data-ready="true"]');
    // The first view on a phone says the controls are below, and leads there.
    const go = page.locator('#lz-go-controls');
    assert.equal(await go.isVisible(), true);
    const box = await go.boundingBox();
    assert.ok(box.y + box.height <= 844, `the pointer to the controls at ${box.y}`);
    // 怎么下 and 棋子 lead to 陸戰棋's own help and legend.
    assert.equal(await page.locator('#go-help').isVisible(), true);
    assert.equal(await page.getAttribute('#go-help', 'href'), '#lz-how-to');
    assert.equal(await page.getAttribute('#go-legend', 'href'), '#lz-legend');
    const help = await page.textContent('#lz-how-to');
    for (const w of ['铁路', '工兵', '行营', '地雷', '炸弹', '大本营', 'L-8', 'L-9', 'L-10', 'L-11', 'L-13']) assert.ok(help.includes(w), `help names ${w}`);
    assert.equal(await page.locator('#lz-legend tr[data-kind]').count(), 12);
    const legend = await page.textContent('#lz-legend');
    for (const w of ['司令', '工兵', '炸弹', '地雷', '军旗', 'L-9']) assert.ok(legend.includes(w), `legend names ${w}`);

    // In play: the own flag picked up, then an enemy piece tapped: the flag never moves (L-6).
    await page.selectOption('#lz-agent', 'random');
    await page.click('#lz-start');
    await page.waitForSelector('#lz-board[data-phase="play"] .lz-point.movable');
    await press(page, 'b1');
    let r = await refusal(page);
    assert.equal(r.code, 'cannot-move');
    await press(page, 'c12');
    r = await refusal(page);
    assert.equal(r.code, 'cannot-move');
    assert.match(r.text, /b1.*军旗不能移动（L-6）/);
    assert.doesNotMatch(r.text, /走不到/);
    // Every refusal names its rule.
    await press(page, 'c12');
    r = await refusal(page);
    assert.match(r.text, /L-\d+/);
    await press(page, 'c7');
    r = await refusal(page);
    assert.match(r.text, /L-\d+/);

    // 重新布阵 during a game asks first.
    await page.locator('#lz-new').scrollIntoViewIfNeeded();
    await page.click('#lz-new');
    assert.equal(await page.locator('#lz-new-confirm').isVisible(), true);
    await page.click('#lz-new-no');
    assert.equal(await page.getAttribute('#lz-board', 'data-phase'), 'play', 'the game goes on');
    await page.click('#lz-new');
    await page.click('#lz-new-yes');
    assert.equal(await page.getAttribute('#lz-board', 'data-phase'), 'deploy');

    // English: the tab title, the other game's one name, the engine line.
    await page.click('#lang');
    assert.equal(await page.title(), 'Luzhanqi · gjjq');
    assert.equal(await page.locator('#game-choice option[value="gjjq"]').textContent(), 'International Military Chess');
    assert.doesNotMatch(await page.textContent('#lz-how-to'), /[\u4e00-\u9fff]{2}/);
    // A wrong count of a kind, in words a reader follows.
    await page.fill('#lz-deploy-string', 'LLDFT/DTPPL/C+S+Y/ZE+ZP/C+C+J/EECBB');
    await page.dispatchEvent('#lz-deploy-string', 'change');
    const fb = await page.textContent('#lz-feedback');
    assert.doesNotMatch(fb, /\d of company, not \d/, fb);
    await page.selectOption('#lz-mode-select', 'flip');
    assert.doesNotMatch(await page.textContent('#lz-status'), /Deploying/);
    await page.click('#lang');
    assert.equal(await page.title(), '陆战棋 · gjjq');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
