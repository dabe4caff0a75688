// The cost of the beliefs toggle for docs/web.md: `node tools/measure-beliefs.mjs [games] [plies]`
// (in bindings/wasm/web, after build.sh). Plays hidden games with the page's own WASM module
// (pkg/, the build the page ships; node runs it on V8 as Chromium does): both sides propose
// with `hiddenEngineProposal` as the page's worker does, from random deployments (seeds 1, 2,
// …), Red the person. After every ply it times `hiddenBeliefs(Red's information state)`, the
// call the page's beliefs worker makes (the same figures as `HiddenGame.beliefs()`), and prints per ply range the median and the maximum, with how often the
// figures were exact and how many calls took over 50 ms.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import init, { HiddenGame, hiddenBeliefs, hiddenEngineProposal, randomDeployment } from '../pkg/gjjq_wasm.js';

const here = dirname(fileURLToPath(import.meta.url));
await init({ module_or_path: readFileSync(join(here, '..', 'pkg', 'gjjq_wasm_bg.wasm')) });
const games = Number(process.argv[2] ?? 2);
const plies = Number(process.argv[3] ?? 80);

const byRange = new Map(); // ply range start → { ms: [], exact: 0 }
for (let g = 1; g <= games; g++) {
  const red = randomDeployment(g);
  const green = randomDeployment((g ^ 0x9e3779b9) >>> 0);
  const h = new HiddenGame('red', red, green, 'red');
  let ply = 0;
  for (; ply < plies && !h.over(); ) {
    const t0 = performance.now();
    const b = JSON.parse(hiddenBeliefs(h.infoState('red')));
    const ms = performance.now() - t0;
    const range = Math.floor(ply / 20) * 20;
    if (!byRange.has(range)) byRange.set(range, { ms: [], exact: 0 });
    const r = byRange.get(range);
    r.ms.push(ms);
    if (b.exact) r.exact++;
    const side = h.turn();
    let played = false;
    for (let attempt = 0; attempt < 400 && !played; attempt++) {
      const reply = JSON.parse(hiddenEngineProposal(h.infoState(side), (g * 1000 + ply * 7919 + attempt * 104729) >>> 0));
      if (!reply.bestMove) break;
      played = JSON.parse(h.propose(side, reply.bestMove)).played;
    }
    if (!played) break;
    ply++;
  }
  console.log(`game ${g}: ${ply} plies${h.over() ? ' (over)' : ''}`);
  h.free();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [range, r] of [...byRange].sort((a, b) => a[0] - b[0])) {
  console.log(
    `plies ${range}–${range + 19}: hiddenBeliefs median ${median(r.ms).toFixed(1)} ms, max ${Math.max(...r.ms).toFixed(1)} ms, over 50 ms ${r.ms.filter((x) => x > 50).length}, exact ${r.exact}/${r.ms.length}`,
  );
}
