// Page-load figures for docs/web.md: `node tools/measure-load.mjs [loads]` (in web/) against the page
// served by `vite preview` on 127.0.0.1:4179 (start it first). Each load uses a fresh browser
// context (nothing cached) and reads `window.gjjqReadyMs`: from navigation start until the
// board is drawn with its legal moves.
import { chromium } from 'playwright-core';

const loads = Number(process.argv[2] ?? 15);
const url = process.env.GJJQ_WEB_URL ?? 'http://127.0.0.1:4179/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const ready = [];
const load = [];
for (let i = 0; i < loads; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  ready.push(await page.evaluate(() => window.gjjqReadyMs));
  load.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x) => `${(x / 1000).toFixed(2)} s`;
console.log(
  `${loads} loads: ready median ${f(median(ready))} (${f(Math.min(...ready))}–${f(Math.max(...ready))}), load event median ${f(median(load))}`,
);
