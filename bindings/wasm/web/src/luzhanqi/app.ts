// The 陸戰棋 (Luzhanqi) page: chosen with the game select in the header (or `?game=luzhanqi`),
// it takes the place of the 国际军棋 board without touching it. Deploy by hand (drag or tap,
// every arrangement checked by the library: `lzCheckDeployment`, each refusal explained) or at
// random (`lzRandomDeployment`), play open (明棋, L-30) against an agent of luzhanqi-engine in a
// worker, review a game file step by step, export the game. Dark play (暗棋, L-31) against
// the engine's dark agent: the referee and the agent run in Rust in their own worker
// (`LzDarkGame`, lz-dark-worker.ts) and the page is given only the person's view (the enemy
// pieces without kinds, the referee's announcements), with a beliefs toggle fed by the
// shared beliefs worker (`lzDarkBeliefs` from the person's information state string). Flip
// play (翻棋, L-32): every piece starts face down, dealt from the seed in Rust; the game and
// the engine's flip agent run in their own worker (`LzFlipGame`, lz-flip-worker.ts), the
// page is given views that name no face-down piece's kind; a flip game file is reviewed with
// the same views. The rules are the library's; the page only draws its answers
// (bindings/wasm/src/lz).

import init, {
  LzFlipGame,
  LzGame,
  lzBoard,
  lzCheckDeployment,
  lzCheckDeploymentString,
  lzDefaultDeployment,
  lzDeploymentPoints,
  lzPositionFromDeployments,
  lzRandomDeployment,
} from '../../pkg/gjjq_wasm.js';
import { LzBoard, type LzBelief, type LzBoardData } from './board';
import { KINDS, hasText, kindName, pageLang, problemText as deployProblemText, t, type DeployCheck, type DeployProblem, type Key, type Lang } from './text';
import type { LzEngineReply, LzEngineRequest } from './lz-worker';
import type { LzDarkAnswer, LzDarkOp } from './lz-dark-worker';
import type { LzFlipAnswer, LzFlipOp } from './lz-flip-worker';
import { client } from './rpc';
import { scrollListTo } from '../list-scroll';
import type { BeliefsAnswer, BeliefsRequest } from '../beliefs-worker';
import './style.css';

type Side = 'red' | 'blue';
type Phase = 'deploy' | 'play' | 'review' | 'dark' | 'flip' | 'flip-review';
type Mode = 'open' | 'dark' | 'flip';

interface PieceView {
  point: string;
  letter: string;
}
interface MoveView {
  from: string;
  to: string;
  ascii: string;
  attack: boolean;
}
interface RecordView {
  ascii: string;
  simplified: string;
  traditional: string;
  side: Side;
  combat: string | null;
}
interface View {
  ply: number;
  plies: number;
  position: string;
  turn: Side;
  pieces: PieceView[];
  last: { from: string; to: string; combat: string | null } | null;
  legal: MoveView[];
  outcome: { winner: Side | null; reason: string; result: string } | null;
  quiet: number;
}
/** The person's view of a dark game (`DarkPlayerView`, bindings/wasm/src/lz/dark.rs): an
 * enemy piece has `letter: null` and its identity (start point) in `id`. */
interface DarkPiece {
  point: string;
  side: Side;
  letter: string | null;
  id: string | null;
}
interface Announcement {
  ascii: string;
  side: Side;
  combat: string | null;
  flags: { side: Side; point: string }[];
  text: string;
}
interface DarkView {
  side: Side;
  turn: Side;
  plies: number;
  pieces: DarkPiece[];
  legal: MoveView[];
  last: { from: string; to: string; combat: string | null } | null;
  history: Announcement[];
  flags: { side: Side; point: string }[];
  outcome: { winner: Side | null; reason: string; result: string } | null;
  quiet: number;
  infoState: string;
}
/** A flip game at one ply (`FlipView`, bindings/wasm/src/lz/flip.rs): the face-up pieces,
 * the face-down points without kinds, the legal moves and flips, the colours once settled. */
interface FlipPly {
  text: string;
  action: string;
  player: 'first' | 'second';
  side: Side | null;
  combat: string | null;
}
interface FlipView {
  ply: number;
  plies: number;
  position: string;
  player: 'first' | 'second' | null;
  you: Side | null;
  firstColour: Side | null;
  toAct: 'first' | 'second';
  turn: Side | null;
  yourTurn: boolean;
  pieces: PieceView[];
  faceDown: string[];
  legal: MoveView[];
  flips: string[];
  last: { from: string; to: string; combat: string | null } | null;
  history: FlipPly[];
  outcome: { winner: Side | null; reason: string; result: string } | null;
  quiet: number;
}

const HTML = `
<div class="lz-main">
  <div id="lz-board-col">
    <div id="lz-status" class="status" role="status" aria-live="polite"></div>
    <div id="lz-feedback" class="feedback" role="status" hidden></div>
    <a id="lz-go-controls" class="jump" href="#lz-setup" data-lz="goControls"></a>
    <div id="lz-board"></div>
  </div>
  <aside class="lz-aside">
    <div id="lz-setup" class="lz-box">
      <div class="row">
        <label for="lz-mode-select" data-lz="mode"></label>
        <select id="lz-mode-select">
          <option value="open" data-lz="modeOpenShort"></option>
          <option value="dark" data-lz="modeDarkShort"></option>
          <option value="flip" data-lz="modeFlipShort"></option>
        </select>
      </div>
      <p id="lz-mode" class="lz-help" data-lz="modeOpen"></p>
      <div class="row lz-deploy-only">
        <label for="lz-side" data-lz="side"></label>
        <select id="lz-side"><option value="red" data-lz="red"></option><option value="blue" data-lz="blue"></option></select>
      </div>
      <div class="row">
        <label for="lz-first" class="lz-deploy-only" data-lz="first"></label>
        <select id="lz-first" class="lz-deploy-only"><option value="red" data-lz="red"></option><option value="blue" data-lz="blue"></option></select>
        <label for="lz-order" class="lz-flip-only" data-lz="order"></label>
        <select id="lz-order" class="lz-flip-only"><option value="first" data-lz="orderFirst"></option><option value="second" data-lz="orderSecond"></option></select>
        <label for="lz-agent" data-lz="agent"></label>
        <select id="lz-agent"></select>
      </div>
      <p id="lz-deploy-help" class="lz-help lz-deploy-only" data-lz="deployHelp"></p>
      <div class="row">
        <button id="lz-deploy-random" class="lz-deploy-only" data-lz="deployRandom"></button>
        <button id="lz-deploy-default" class="lz-deploy-only" data-lz="deployDefault"></button>
        <label for="lz-seed" data-lz="seed"></label>
        <input id="lz-seed" class="seed" inputmode="numeric" spellcheck="false" placeholder="random" />
      </div>
      <label for="lz-deploy-string" class="lz-label lz-deploy-only" data-lz="deployString"></label>
      <input id="lz-deploy-string" class="lz-input lz-deploy-only" spellcheck="false" />
      <button id="lz-start" class="primary" data-lz="start"></button>
    </div>
    <div id="lz-play-row" class="row" hidden>
      <button id="lz-resign" data-lz="resign"></button>
      <button id="lz-new" data-lz="newGame"></button>
      <span id="lz-engine" class="engine"></span>
    </div>
    <div id="lz-resign-confirm" class="row confirm" hidden>
      <span data-lz="resignSure"></span>
      <button id="lz-resign-yes" data-lz="resignYes"></button>
      <button id="lz-resign-no" data-lz="resignNo"></button>
    </div>
    <div id="lz-new-confirm" class="row confirm" hidden>
      <span data-lz="newSure"></span>
      <button id="lz-new-yes" data-lz="newYes"></button>
      <button id="lz-new-no" data-lz="resignNo"></button>
    </div>
    <div id="lz-dark-row" hidden>
      <div id="lz-announce" class="lz-help" role="status"></div>
      <div class="row">
        <label class="toggle" for="lz-beliefs-toggle"><input type="checkbox" id="lz-beliefs-toggle" />
          <span data-lz="beliefs"></span></label>
        <button id="lz-reveal" data-lz="reveal" hidden></button>
      </div>
      <div id="lz-beliefs-note" class="lz-help" hidden></div>
    </div>
    <div id="lz-flip-row" hidden>
      <div id="lz-colours" class="lz-help" role="status"></div>
      <button id="lz-flip-review" data-lz="flipReview" hidden></button>
    </div>
    <h2 data-lz="moves"></h2>
    <div class="nav">
      <button id="lz-first-ply" title="Home">«</button>
      <button id="lz-prev" title="←">‹</button>
      <span id="lz-ply"></span>
      <button id="lz-next" title="→">›</button>
      <button id="lz-last" title="End">»</button>
    </div>
    <ol id="lz-moves" class="moves"></ol>
    <div id="lz-error" class="error" role="alert"></div>
    <details class="more">
      <summary data-lz="position"></summary>
      <code id="lz-position"></code>
    </details>
    <details id="lz-how-to" class="lz-box" open>
      <summary data-lz="howTo"></summary>
      <ol class="how-to">
        <li data-lz="howToGoal"></li>
        <li data-lz="howToMove"></li>
        <li data-lz="howToRailway"></li>
        <li data-lz="howToEngineer"></li>
        <li data-lz="howToCamp"></li>
        <li data-lz="howToAttack"></li>
        <li data-lz="howToEnd"></li>
      </ol>
    </details>
    <details id="lz-legend" class="lz-box" open>
      <summary data-lz="legend"></summary>
      <table class="legend" id="lz-legend-table"></table>
    </details>
    <details id="lz-file-panel" class="lz-box" open>
      <summary data-lz="gameFile"></summary>
      <textarea id="lz-gamefile-input" rows="4" spellcheck="false"></textarea>
      <div class="row">
        <button id="lz-load-gamefile" data-lz="loadGameFile"></button>
        <label class="file"><span data-lz="chooseFile"></span>
          <input id="lz-gamefile-picker" type="file" accept=".txt,.lzq,.pgn,text/plain" /></label>
      </div>
      <div class="row">
        <select id="lz-export-form">
          <option value="simplified">简体</option>
          <option value="traditional">繁體</option>
          <option value="ascii">ASCII</option>
        </select>
        <button id="lz-export" data-lz="exportGame"></button>
      </div>
      <textarea id="lz-export-output" rows="4" readonly spellcheck="false"></textarea>
    </details>
  </aside>
</div>`;

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
};

const st = {
  phase: 'deploy' as Phase,
  lang: 'zh' as Lang,
  side: 'red' as Side,
  agent: 'search',
  seed: 1,
  /** Own pieces while deploying: point → letter. */
  arrangement: new Map<string, string>(),
  enemy: '',
  game: null as LzGame | null,
  view: null as View | null,
  records: [] as RecordView[],
  ply: 0,
  selected: null as string | null,
  marked: new Set<string>(),
  engineId: 0,
  thinking: false,
  mode: 'open' as Mode,
  /** Dark play: the person's view, the only thing the page knows of the game. */
  dark: null as DarkView | null,
  /** Which dark game the worker's answers belong to (a later one drops them). */
  darkGame: 0,
  /** Beliefs by information state string; the states asked for and not answered yet. */
  beliefs: new Map<string, Map<string, LzBelief>>(),
  beliefsExact: new Map<string, boolean>(),
  beliefsPending: new Set<string>(),
  /** Flip play and review: the view shown (the only thing the page knows of the game). */
  flip: null as FlipView | null,
  /** Which flip game the worker's answers belong to (a later one drops them). */
  flipGame: 0,
  /** A flip game file under review (on the page's thread: it hides nothing). */
  flipReview: null as LzFlipGame | null,
  /** The person resigned an open or flip game (a dark game's resignation is the referee's). */
  resigned: null as Outcome | null,
  /** A question asked before acting: resign, or abandon the game for a new deployment. */
  confirm: null as 'resign' | 'new' | null,
  /** The end of the game shown was brought into view once. */
  endShown: false,
};

let board: LzBoard;
let worker: Worker | null = null;
let beliefsWorker: Worker | null = null;
let mounted = false;

/** One request to the dark game's worker (rpc.ts). */
const darkCall = client<LzDarkOp, LzDarkAnswer>(
  () => new Worker(new URL('./lz-dark-worker.ts', import.meta.url), { type: 'module' }),
  (message) => showError(message),
);
/** One request to the flip game's worker (rpc.ts). */
const flipCall = client<LzFlipOp, LzFlipAnswer>(
  () => new Worker(new URL('./lz-flip-worker.ts', import.meta.url), { type: 'module' }),
  (message) => showError(message),
);

/** Forget the dark and flip games shown: their workers' late answers are dropped. */
function dropSessions(): void {
  st.resigned = null;
  st.confirm = null;
  st.endShown = false;
  st.darkGame++;
  st.dark = null;
  st.flipGame++;
  st.flip = null;
  st.flipReview?.free();
  st.flipReview = null;
}

function tr(key: Key, ...args: (string | number)[]): string {
  return t(st.lang, key, ...args);
}

/** A number of nodes, `1 node` in the singular. */
function nodeCount(n: number): string {
  return tr(n === 1 ? 'node1' : 'nodes', n);
}

function sideWord(side: Side): string {
  return tr(side);
}

function showError(err: unknown): void {
  const text = err instanceof Error ? err.message : String(err);
  $('lz-error').textContent = text ? `${tr('error')}: ${text}` : '';
}

function feedback(text: string | null, code?: string): void {
  const el = $('lz-feedback');
  el.hidden = !text;
  el.textContent = text ?? '';
  if (code) el.dataset.code = code;
  else delete el.dataset.code;
}

function letterOf(side: Side, letter: string): string {
  return side === 'red' ? letter.toUpperCase() : letter.toLowerCase();
}

function sideOf(letter: string): Side {
  return letter === letter.toUpperCase() ? 'red' : 'blue';
}

function newSeed(): number {
  const typed = $<HTMLInputElement>('lz-seed').value.trim();
  if (/^\d+$/.test(typed)) return Number(typed) >>> 0;
  return Math.floor(Math.random() * 0xffffffff) >>> 0;
}

// ---- deployment -------------------------------------------------------------------------

function setArrangement(text: string): void {
  const points = JSON.parse(lzDeploymentPoints(st.side, text)) as PieceView[];
  st.arrangement = new Map(points.map((p) => [p.point, p.letter]));
  $<HTMLInputElement>('lz-deploy-string').value = text;
  st.marked.clear();
  st.selected = null;
}

function startDeploy(): void {
  st.phase = 'deploy';
  st.game = null;
  st.view = null;
  st.records = [];
  st.ply = 0;
  st.engineId++;
  dropSessions();
  st.thinking = false;
  st.side = $<HTMLSelectElement>('lz-side').value as Side;
  st.mode = $<HTMLSelectElement>('lz-mode-select').value as Mode;
  setArrangement(lzDefaultDeployment());
  feedback(null);
  showError('');
  render();
}

function problemText(p: DeployProblem): string {
  return deployProblemText(st.lang, p, st.side === 'red' ? 'b1, d1' : 'b12, d12');
}

/** Move (or swap) the piece on `from` to `to`, if the library accepts the result. */
function arrange(from: string, to: string): void {
  const next = new Map(st.arrangement);
  const moving = next.get(from);
  if (!moving || from === to) return;
  const there = next.get(to);
  next.delete(from);
  if (there) next.set(from, there);
  next.set(to, moving);
  const pairs = [...next.entries()];
  const check = JSON.parse(lzCheckDeployment(st.side, JSON.stringify(pairs))) as DeployCheck;
  st.selected = null;
  if (check.deployment === null) {
    const words = check.problems.map(problemText);
    feedback(tr('refused') + words.join(st.lang === 'zh' ? '；' : '; '), check.problems[0]?.code);
    $('lz-feedback').dataset.codes = check.problems.map((p) => p.code).join(' ');
    st.marked = new Set(check.problems.map((p) => p.point).filter((p): p is string => p !== null));
    if (!st.marked.size) st.marked.add(to);
  } else {
    st.arrangement = next;
    st.marked.clear();
    $<HTMLInputElement>('lz-deploy-string').value = check.deployment;
    feedback(null);
  }
  render();
}

function deployClick(point: string): void {
  if (st.selected === null) {
    if (st.arrangement.has(point)) st.selected = point;
    render();
    return;
  }
  const from = st.selected;
  if (from === point) {
    st.selected = null;
    render();
    return;
  }
  arrange(from, point);
}

function startGame(): void {
  const own = $<HTMLInputElement>('lz-deploy-string').value.trim();
  st.seed = newSeed();
  st.enemy = lzRandomDeployment(st.seed);
  const red = st.side === 'red' ? own : st.enemy;
  const blue = st.side === 'red' ? st.enemy : own;
  const first = $<HTMLSelectElement>('lz-first').value;
  const position = lzPositionFromDeployments(red, blue, first);
  st.agent = $<HTMLSelectElement>('lz-agent').value;
  setGame(new LzGame(position), 'play');
}

// ---- dark play (暗棋, L-31) -------------------------------------------------------------

const AGENTS: Record<Mode, [string, Key][]> = {
  open: [
    ['search', 'agentSearch'],
    ['heuristic', 'agentHeuristic'],
    ['random', 'agentRandom'],
  ],
  dark: [
    ['ismcts', 'agentIsmcts'],
    ['determinized', 'agentDeterminized'],
    ['heuristic', 'agentHeuristic'],
    ['random', 'agentRandom'],
  ],
  flip: [
    ['search', 'agentFlipSearch'],
    ['heuristic', 'agentHeuristic'],
    ['random', 'agentRandom'],
  ],
};
const MODE_HELP: Record<Mode, Key> = { open: 'modeOpen', dark: 'modeDark', flip: 'modeFlip' };

function fillAgents(): void {
  const select = $<HTMLSelectElement>('lz-agent');
  const mode = $<HTMLSelectElement>('lz-mode-select').value as Mode;
  select.replaceChildren(
    ...AGENTS[mode].map(([value, key]) => {
      const o = document.createElement('option');
      o.value = value;
      o.dataset.lz = key;
      o.textContent = tr(key);
      return o;
    }),
  );
  const help = $('lz-mode');
  help.dataset.lz = MODE_HELP[mode];
  help.textContent = tr(help.dataset.lz as Key);
  // Flip play has no deployment: the pieces are dealt face down (L-32).
  $('lz-setup').dataset.mode = mode;
  st.mode = mode;
  render();
}

/** A dark answer for the game still shown: its view is taken, the engine asked if its turn. */
function darkAnswer(game: number, a: LzDarkAnswer): void {
  if (game !== st.darkGame) return;
  st.thinking = false;
  if (a.view) st.dark = JSON.parse(a.view) as DarkView;
  if (a.engine) {
    const w = window as unknown as { lzEngineTimes?: number[] };
    (w.lzEngineTimes ??= []).push(a.ms);
    $('lz-engine').textContent = tr('darkEngineLine', a.engine.agent, nodeCount(a.engine.nodes));
    $('lz-engine').dataset.agent = a.engine.agent;
  }
  st.selected = null;
  render();
  maybeDarkEngine();
}

function darkFailed(game: number, err: unknown): void {
  if (game !== st.darkGame) return;
  st.thinking = false;
  showError(err);
  render();
}

function startDark(): void {
  const own = $<HTMLInputElement>('lz-deploy-string').value.trim();
  st.agent = $<HTMLSelectElement>('lz-agent').value;
  dropSessions();
  const game = ++st.darkGame;
  st.game?.free();
  st.game = null;
  st.view = null;
  st.records = [];
  st.ply = 0;
  st.phase = 'dark';
  st.dark = null;
  st.thinking = true;
  st.beliefs.clear();
  st.beliefsExact.clear();
  st.beliefsPending.clear();
  feedback(null);
  showError('');
  $('lz-engine').textContent = '';
  render();
  darkCall({ op: 'start', own, side: st.side, first: $<HTMLSelectElement>('lz-first').value, agent: st.agent })
    .then((a) => darkAnswer(game, a))
    .catch((err) => darkFailed(game, err));
}

function darkMayMove(): boolean {
  const v = st.dark;
  return st.phase === 'dark' && !!v && !v.outcome && v.turn === st.side && !st.thinking;
}

function maybeDarkEngine(): void {
  const v = st.dark;
  if (st.phase !== 'dark' || !v || v.outcome || v.turn === st.side || st.thinking) return;
  const game = st.darkGame;
  st.thinking = true;
  render();
  darkCall({ op: 'engine' })
    .then((a) => darkAnswer(game, a))
    .catch((err) => darkFailed(game, err));
}

function darkPlay(ascii: string): void {
  const game = st.darkGame;
  st.thinking = true;
  feedback(null);
  render();
  darkCall({ op: 'play', ascii })
    .then((a) => darkAnswer(game, a))
    .catch((err) => darkFailed(game, err));
}

function darkClick(point: string): void {
  const v = st.dark;
  if (!v) return;
  if (!darkMayMove()) {
    feedback(tr('notYourTurn'));
    return;
  }
  if (st.selected) {
    const m = v.legal.find((l) => l.from === st.selected && l.to === point);
    if (m) {
      darkPlay(m.ascii);
      return;
    }
  }
  const piece = v.pieces.find((p) => p.point === point);
  if (piece && piece.side === st.side) {
    st.selected = point;
    if (!v.legal.some((l) => l.from === point)) feedback(stuckWhy(point, piece.letter), 'cannot-move');
    else feedback(null);
  } else if (st.selected) {
    missedTap(st.selected, point, v.legal, v.pieces.find((p) => p.point === st.selected)?.letter ?? null);
    st.selected = null;
  } else {
    feedback(piece ? tr('notYours', point) : tr('noPiece', point), 'no-piece');
  }
  render();
}

function darkDrop(from: string, to: string): void {
  const v = st.dark;
  const m = v?.legal.find((l) => l.from === from && l.to === to);
  if (v && m && darkMayMove()) darkPlay(m.ascii);
  else {
    feedback(tr('noMoveThere', from, to), 'no-move-there');
    render();
  }
}

/** The beliefs to draw: only in dark play with the toggle on; asked of the beliefs worker
 * (given the person's information state string, nothing else) and null until it answers. */
function darkBeliefs(): Map<string, LzBelief> | null {
  const v = st.dark;
  if (st.phase !== 'dark' || !v || !$<HTMLInputElement>('lz-beliefs-toggle').checked) return null;
  const cached = st.beliefs.get(v.infoState);
  if (cached) return cached;
  if (!st.beliefsPending.has(v.infoState)) {
    st.beliefsPending.add(v.infoState);
    if (!beliefsWorker) {
      beliefsWorker = new Worker(new URL('../beliefs-worker.ts', import.meta.url), { type: 'module' });
      beliefsWorker.onmessage = onBeliefs;
      beliefsWorker.onerror = (e) => showError(e.message);
    }
    const req: BeliefsRequest = { game: st.darkGame, state: v.infoState, rules: 'luzhanqi' };
    beliefsWorker.postMessage(req);
  }
  return null;
}

function onBeliefs(e: MessageEvent<BeliefsAnswer>): void {
  const a = e.data;
  if (a.game !== st.darkGame) return;
  st.beliefsPending.delete(a.state);
  const w = window as unknown as { lzBeliefsTimes?: number[] };
  (w.lzBeliefsTimes ??= []).push(a.ms);
  if (a.error || !a.text) {
    showError(a.error ?? 'no beliefs');
    return;
  }
  const b = JSON.parse(a.text) as { exact: boolean; worlds: string; pieces: LzBelief[] };
  st.beliefs.set(a.state, new Map(b.pieces.map((p) => [p.point, p])));
  st.beliefsExact.set(a.state, b.exact);
  render();
}

function announcementText(a: Announcement): string {
  const who = sideWord(a.side);
  const parts = [`${who} ${a.ascii}`];
  if (a.combat) parts.push(hasText(a.combat) ? tr(a.combat) : a.combat);
  for (const f of a.flags) parts.push(tr('flagShown', sideWord(f.side), f.point));
  return parts.join(st.lang === 'zh' ? '，' : ', ');
}

// ---- flip play (翻棋, L-32) -------------------------------------------------------------

/** A flip answer for the game still shown: its view is taken, the engine asked if its turn. */
function flipAnswer(game: number, a: LzFlipAnswer): void {
  if (game !== st.flipGame) return;
  st.thinking = false;
  if (a.view) st.flip = JSON.parse(a.view) as FlipView;
  if (a.engine) {
    const w = window as unknown as { lzEngineTimes?: number[] };
    (w.lzEngineTimes ??= []).push(a.ms);
    $('lz-engine').textContent = tr('engineLine', a.engine.agent, a.engine.depth, nodeCount(a.engine.nodes));
    $('lz-engine').dataset.agent = a.engine.agent;
  }
  st.selected = null;
  render();
  maybeFlipEngine();
}

function flipFailed(game: number, err: unknown): void {
  if (game !== st.flipGame) return;
  st.thinking = false;
  showError(err);
  render();
}

function startFlip(): void {
  st.agent = $<HTMLSelectElement>('lz-agent').value;
  dropSessions();
  const game = st.flipGame;
  st.game?.free();
  st.game = null;
  st.view = null;
  st.records = [];
  st.ply = 0;
  st.phase = 'flip';
  st.thinking = true;
  feedback(null);
  showError('');
  $('lz-engine').textContent = '';
  render();
  flipCall({ op: 'start', player: $<HTMLSelectElement>('lz-order').value, agent: st.agent })
    .then((a) => flipAnswer(game, a))
    .catch((err) => flipFailed(game, err));
}

function flipMayAct(): boolean {
  const v = st.flip;
  return st.phase === 'flip' && !!v && v.yourTurn && !st.resigned && !st.thinking;
}

function maybeFlipEngine(): void {
  const v = st.flip;
  if (st.phase !== 'flip' || !v || v.outcome || st.resigned || v.yourTurn || st.thinking) return;
  const game = st.flipGame;
  st.thinking = true;
  render();
  flipCall({ op: 'engine' })
    .then((a) => flipAnswer(game, a))
    .catch((err) => flipFailed(game, err));
}

function flipPlay(action: string): void {
  const game = st.flipGame;
  st.thinking = true;
  feedback(null);
  render();
  flipCall({ op: 'play', action })
    .then((a) => flipAnswer(game, a))
    .catch((err) => flipFailed(game, err));
}

/** A tap in flip play: a destination of the piece picked up, a face-down piece to flip, or
 * one of the person's face-up pieces to pick up; anything else says why nothing happens. */
function flipClick(point: string): void {
  const v = st.flip;
  if (!v) return;
  if (st.phase === 'flip-review') {
    feedback(tr('reviewOnly'));
    return;
  }
  if (!flipMayAct()) {
    feedback(tr('notYourTurn'));
    return;
  }
  if (st.selected) {
    const m = v.legal.find((l) => l.from === st.selected && l.to === point);
    if (m) {
      flipPlay(m.ascii);
      return;
    }
  }
  if (v.flips.includes(point)) {
    st.selected = null;
    flipPlay(point);
    return;
  }
  const piece = v.pieces.find((p) => p.point === point);
  if (piece && v.you && sideOf(piece.letter) === v.you) {
    st.selected = point;
    if (v.legal.some((l) => l.from === point)) feedback(null);
    else feedback(stuckWhy(point, piece.letter), 'cannot-move');
  } else if (st.selected) {
    missedTap(st.selected, point, v.legal, v.pieces.find((p) => p.point === st.selected)?.letter ?? null);
    st.selected = null;
  } else {
    feedback(piece ? tr('notYours', point) : tr('noPiece', point), 'no-piece');
  }
  render();
}

function flipDrop(from: string, to: string): void {
  const v = st.flip;
  const m = v?.legal.find((l) => l.from === from && l.to === to);
  if (v && m && flipMayAct()) flipPlay(m.ascii);
  else {
    feedback(tr('noMoveThere', from, to), 'no-move-there');
    render();
  }
}

/** A flip game file, reviewed on the page's thread (its views, any ply). */
function setFlipReview(game: LzFlipGame): void {
  dropSessions();
  st.game?.free();
  st.game = null;
  st.view = null;
  st.records = [];
  st.flipReview = game;
  st.phase = 'flip-review';
  st.engineId++;
  st.thinking = false;
  st.marked.clear();
  feedback(null);
  showError('');
  goTo(0);
}

/** A flip ply as the list shows it, into `el`: the action, and for a flip the piece it
 * revealed in that piece's colour (its character in Chinese, its letter in English). */
function showFlipPly(el: HTMLElement, p: FlipPly): void {
  const m = /^([a-e]\d+(?:[a-e]\d+)?)=([A-Za-z])$/.exec(p.text);
  if (!m) {
    el.textContent = p.text;
    return;
  }
  const piece = document.createElement('span');
  piece.className = `lz-kind ${sideOf(m[2])}`;
  piece.textContent = st.lang === 'zh' ? (KINDS[m[2].toUpperCase()]?.simp ?? m[2]) : m[2];
  el.append(`${m[1]}=`, piece);
}

// ---- play and review --------------------------------------------------------------------

function setGame(game: LzGame, phase: Phase, ply?: number): void {
  dropSessions();
  st.game?.free();
  st.game = game;
  st.phase = phase;
  st.engineId++;
  st.thinking = false;
  st.selected = null;
  st.marked.clear();
  st.records = JSON.parse(game.moves()) as RecordView[];
  goTo(ply ?? game.plies());
  feedback(null);
  showError('');
  maybeEngine();
}

function goTo(ply: number): void {
  if (st.phase === 'flip-review' && st.flipReview) {
    st.ply = Math.max(0, Math.min(ply, st.flipReview.plies()));
    st.flip = JSON.parse(st.flipReview.view(st.ply)) as FlipView;
    st.selected = null;
    render();
    return;
  }
  if (!st.game) return;
  const p = Math.max(0, Math.min(ply, st.game.plies()));
  st.ply = p;
  st.view = JSON.parse(st.game.view(p)) as View;
  st.selected = null;
  render();
}

function engineSide(): Side {
  return st.side === 'red' ? 'blue' : 'red';
}

function humanMayMove(): boolean {
  const v = st.view;
  return (
    st.phase === 'play' && !!v && !v.outcome && !st.resigned && v.ply === v.plies && v.turn === st.side && !st.thinking
  );
}

function play(ascii: string): void {
  if (!st.game) return;
  const rec = JSON.parse(st.game.play(st.ply, ascii)) as RecordView;
  st.records = st.records.slice(0, st.ply).concat(rec);
  goTo(st.game.plies());
  feedback(null);
  maybeEngine();
}

function maybeEngine(): void {
  const v = st.view;
  if (st.phase !== 'play' || !st.game || !v || v.outcome || st.resigned || v.turn !== engineSide()) return;
  if (v.ply !== v.plies) return;
  if (!worker) {
    worker = new Worker(new URL('./lz-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = onEngine;
    worker.onerror = (e) => showError(e.message);
  }
  st.thinking = true;
  const req: LzEngineRequest = {
    id: ++st.engineId,
    start: st.game.startPosition(),
    moves: st.game.movesAscii(),
    agent: st.agent,
    seed: (st.seed + v.plies) >>> 0,
  };
  worker.postMessage(req);
  render();
}

function onEngine(e: MessageEvent<{ id: number; reply?: LzEngineReply; error?: string; ms?: number }>): void {
  const { id, reply, error, ms } = e.data;
  if (id !== st.engineId) return;
  st.thinking = false;
  if (error || !reply) {
    showError(error ?? 'no reply');
    render();
    return;
  }
  (window as unknown as { lzEngineTimes?: number[] }).lzEngineTimes ??= [];
  (window as unknown as { lzEngineTimes: number[] }).lzEngineTimes.push(ms ?? 0);
  $('lz-engine').textContent = tr('engineLine', reply.agent, reply.depth, nodeCount(reply.nodes));
  $('lz-engine').dataset.agent = reply.agent;
  if (reply.bestMove) play(reply.bestMove);
  else render();
}

function refusal(point: string): string {
  const v = st.view!;
  const letter = v.pieces.find((p) => p.point === point)?.letter;
  if (!letter) return tr('noPiece', point);
  if (sideOf(letter) !== st.side) return tr('notYours', point);
  return stuckWhy(point, letter);
}

/** Why one's own piece on `point` (its `letter`) has no move, with its rule: a landmine or the
 * flag never moves (L-6), a piece on a headquarters never moves again (L-10), else it is
 * blocked (L-7 … L-10). */
function stuckWhy(point: string, letter: string | null): string {
  const up = (letter ?? '').toUpperCase();
  if (up === 'L' || up === 'F') return tr('immobile', point, kindName(st.lang, up));
  if (/^[bd](1|12)$/.test(point)) return tr('hqLocked', point);
  return tr('noMoves', point);
}

/** A tap elsewhere after picking up `from`: a piece with no move at all says why (the flag
 * never moves), not that it cannot reach the point tapped. */
function missedTap(from: string, to: string, legal: MoveView[], letter: string | null): void {
  if (legal.some((l) => l.from === from)) feedback(tr('noMoveThere', from, to), 'no-move-there');
  else feedback(stuckWhy(from, letter), 'cannot-move');
}

function playClick(point: string): void {
  const v = st.view;
  if (!v) return;
  if (st.phase === 'review') {
    feedback(tr('reviewOnly'));
    return;
  }
  if (!humanMayMove()) {
    feedback(tr('notYourTurn'));
    return;
  }
  if (st.selected) {
    const m = v.legal.find((l) => l.from === st.selected && l.to === point);
    if (m) {
      play(m.ascii);
      return;
    }
  }
  const own = v.pieces.find((p) => p.point === point && sideOf(p.letter) === st.side);
  if (own) {
    st.selected = point;
    if (!v.legal.some((l) => l.from === point)) feedback(refusal(point), 'cannot-move');
    else feedback(null);
    render();
    return;
  }
  if (st.selected) {
    missedTap(st.selected, point, v.legal, v.pieces.find((p) => p.point === st.selected)?.letter ?? null);
    st.selected = null;
  } else {
    feedback(refusal(point), 'no-piece');
  }
  render();
}

function dropPlay(from: string, to: string): void {
  const v = st.view;
  if (!v || !humanMayMove()) {
    render();
    return;
  }
  const m = v.legal.find((l) => l.from === from && l.to === to);
  if (m) play(m.ascii);
  else {
    feedback(v.legal.some((l) => l.from === from) ? tr('noMoveThere', from, to) : refusal(from), 'no-move-there');
    render();
  }
}

// ---- drawing ----------------------------------------------------------------------------

function render(): void {
  if (!mounted) return;
  if (st.phase === 'flip' || st.phase === 'flip-review') {
    renderFlip();
    return;
  }
  const flipped = boardFlipped();
  const pieces = new Map<string, string>();
  const movable = new Set<string>();
  const dests = new Map<string, boolean>();
  let last = null;
  if (st.phase === 'deploy') {
    // Flip play deploys nothing: the board is empty until the deal (L-32).
    if (st.mode !== 'flip') for (const [p, l] of st.arrangement) {
      pieces.set(p, letterOf(st.side, l));
      movable.add(p);
    }
  } else if (st.phase === 'dark') {
    const v = st.dark;
    const unknown = new Map<string, Side>();
    if (v) {
      for (const p of v.pieces) {
        if (p.letter) pieces.set(p.point, p.letter);
        else unknown.set(p.point, p.side);
      }
      if (darkMayMove()) {
        // Only the pieces that can move are picked up; a click on another still says why.
        for (const m of v.legal) movable.add(m.from);
        if (st.selected) for (const m of v.legal) if (m.from === st.selected) dests.set(m.to, m.attack);
      }
    }
    const beliefs = darkBeliefs();
    board.draw({
      pieces,
      flipped,
      lang: st.lang,
      selected: st.selected,
      dests,
      last: v?.last ?? null,
      movable,
      marked: st.marked,
      unknown,
      beliefs,
      flags: new Set(v?.flags.map((f) => f.point) ?? []),
    });
    renderDark(beliefs);
    return;
  } else if (st.view) {
    for (const p of st.view.pieces) pieces.set(p.point, p.letter);
    last = st.view.last;
    if (humanMayMove()) {
      for (const p of st.view.pieces) if (sideOf(p.letter) === st.side) movable.add(p.point);
      if (st.selected) for (const m of st.view.legal) if (m.from === st.selected) dests.set(m.to, m.attack);
    }
  }
  board.draw({ pieces, flipped, lang: st.lang, selected: st.selected, dests, last, movable, marked: st.marked });
  renderFrame();
  renderStatus();
  renderMoves();
  $('lz-position').textContent = st.view?.position ?? '';
}

type Outcome = { winner: Side | null; reason: string; result: string };

/** The end in the status line (open, dark and flip play alike): `#lz-result` with the winner,
 * the reason and the result token as data. */
function showOutcome(el: HTMLElement, o: Outcome): void {
  const why = hasText(o.reason) ? tr(o.reason) : o.reason;
  const span = document.createElement('span');
  span.id = 'lz-result';
  span.dataset.winner = o.winner ?? (o.reason === 'resignation' ? 'engine' : 'draw');
  span.dataset.reason = o.reason;
  span.dataset.result = o.result;
  if (o.winner) span.textContent = tr('wins', sideWord(o.winner), why, o.result);
  // A flip game resigned before the first flip: no colours, so no side to name (L-32).
  else if (o.reason === 'resignation') span.textContent = tr('resignedUnsettled');
  else span.textContent = tr('draw', why, o.result);
  el.append(span);
  el.classList.add('over');
  // The end of a game just played is brought into view once (on a phone the board and its
  // status line fill the screen; the controls below may have been scrolled to).
  if (!st.endShown && (st.phase === 'play' || st.phase === 'dark' || st.phase === 'flip')) {
    st.endShown = true;
    requestAnimationFrame(boardIntoView);
  }
}

/** The board column (the status line above the board) into view, when any of it is out. */
function boardIntoView(): void {
  const col = $('lz-board-col');
  const r = col.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight + 1) col.scrollIntoView({ block: 'start' });
}

/** Whether a game is being played: not deploying, not a review, not over. */
function inGame(): boolean {
  if (st.resigned) return false;
  if (st.phase === 'play') return !!st.view && !st.view.outcome;
  if (st.phase === 'dark') return !!st.dark && !st.dark.outcome;
  if (st.phase === 'flip') return !!st.flip && !st.flip.outcome;
  return false;
}

/** The person resigns (asked to confirm first): the engine's side wins. A dark game's
 * referee ends it in the worker (and then shows the true game); an open or flip game ends
 * here, its winner the engine's colour (in flip play once the colours are settled, L-32). */
function resign(): void {
  st.confirm = null;
  if (!inGame()) return render();
  if (st.phase === 'dark') {
    const game = st.darkGame;
    st.thinking = true;
    render();
    darkCall({ op: 'resign' })
      .then((a) => darkAnswer(game, a))
      .catch((err) => darkFailed(game, err));
    return;
  }
  // The game's own session records the resignation, so that the game file says it (`Result`,
  // `Termination`, issue 50 item 22): the open game here, the flip game in its worker (which
  // names the winner, once the colours are settled, L-32).
  const ended = (end: Outcome): void => {
    st.resigned = end;
    // The engine's answer in flight is dropped.
    st.engineId++;
    st.flipGame++;
    st.thinking = false;
    st.selected = null;
    feedback(null);
    render();
  };
  if (st.phase === 'flip') {
    const game = st.flipGame;
    flipCall({ op: 'resign' })
      .then((a) => {
        if (game === st.flipGame && a.outcome) ended(JSON.parse(a.outcome) as Outcome);
      })
      .catch((err) => showError(err));
    return;
  }
  if (!st.game) return;
  ended(JSON.parse(st.game.resign(engineSide())) as Outcome);
}

/** The move list as 国际军棋's: numbered rows of two plies each (the first mover's, then the
 * other's), a ply's note beside it, every row wrapping within the list's width; the ply
 * shown (else the newest) scrolled into view inside the list alone. */
function fillMoves(entries: { el: HTMLElement; note: string }[]): void {
  const list = $('lz-moves');
  list.replaceChildren();
  let row: HTMLLIElement | null = null;
  entries.forEach((e, i) => {
    if (i % 2 === 0) {
      row = document.createElement('li');
      row.value = i / 2 + 1;
      list.append(row);
    }
    const cell = document.createElement('span');
    cell.className = 'ply';
    cell.append(e.el);
    if (e.note) {
      const n = document.createElement('span');
      n.className = 'note';
      n.textContent = e.note;
      cell.append(n);
    }
    row!.append(cell);
  });
  const plies = list.querySelectorAll<HTMLElement>('.ply');
  scrollListTo(list, list.querySelector<HTMLElement>('.current') ?? plies[plies.length - 1] ?? null);
}

/** Whether the board is drawn with Blue at the bottom: the person's side, in flip play its
 * colour once settled. */
function boardFlipped(): boolean {
  if (st.phase === 'flip' || st.phase === 'flip-review') return st.flip?.you === 'blue';
  return st.side === 'blue';
}

function flipToAct(v: FlipView): string {
  if (v.turn) return tr('toMove', sideWord(v.turn));
  return tr(v.toAct === 'first' ? 'flipFirstToAct' : 'flipSecondToAct');
}

/** Flip play and review: the board (face-down pieces as bare backs), the status, the colours,
 * the plies. */
function renderFlip(): void {
  const v = st.flip;
  const pieces = new Map<string, string>();
  const movable = new Set<string>();
  const dests = new Map<string, boolean>();
  const flippable = new Set<string>();
  if (v) {
    for (const p of v.pieces) pieces.set(p.point, p.letter);
    if (flipMayAct()) {
      for (const m of v.legal) movable.add(m.from);
      for (const f of v.flips) flippable.add(f);
      if (st.selected) for (const m of v.legal) if (m.from === st.selected) dests.set(m.to, m.attack);
    }
  }
  board.draw({
    pieces,
    flipped: boardFlipped(),
    lang: st.lang,
    selected: st.selected,
    dests,
    last: v?.last ?? null,
    movable,
    marked: st.marked,
    down: new Set(v?.faceDown ?? []),
    flippable,
  });
  renderFrame();
  const el = $('lz-status');
  el.className = 'status';
  el.replaceChildren();
  const end = st.resigned ?? v?.outcome;
  if (!v) el.textContent = tr('thinking');
  else if (end) showOutcome(el, end);
  else if (st.phase === 'flip-review') el.textContent = `${tr('reviewing', v.ply, v.plies)} · ${flipToAct(v)}`;
  else if (st.thinking) el.textContent = `${flipToAct(v)} · ${tr('thinking')}`;
  else if (v.yourTurn) el.textContent = v.you ? tr('yourMove', sideWord(v.you)) : tr('flipYourFlip');
  else el.textContent = flipToAct(v);
  if (v?.turn) el.classList.add(v.turn);
  const colours = $('lz-colours');
  colours.dataset.you = v?.you ?? '';
  colours.dataset.first = v?.firstColour ?? '';
  if (!v?.firstColour) colours.textContent = tr('flipUnsettled');
  else if (v.you) colours.textContent = tr('flipColours', sideWord(v.you), sideWord(v.you === 'red' ? 'blue' : 'red'));
  else colours.textContent = tr('flipFirstColour', sideWord(v.firstColour));
  $('lz-flip-review').hidden = !(st.phase === 'flip' && (v?.outcome || st.resigned));
  fillMoves(
    (v?.history ?? []).map((p, i) => {
      const b = document.createElement('button');
      const current = st.phase === 'flip-review' && i + 1 === v!.ply;
      b.className = `move${p.side ? ` ${p.side}` : ''}${current ? ' current' : ''}`;
      b.dataset.ply = String(i + 1);
      b.dataset.ascii = p.text;
      showFlipPly(b, p);
      return { el: b, note: p.combat ? (hasText(p.combat) ? tr(p.combat) : p.combat) : '' };
    }),
  );
  const shown = v ? (st.phase === 'flip-review' ? v.ply : v.plies) : 0;
  $('lz-ply').textContent = v ? (shown === 0 ? tr('start0') : tr('ply', shown)) : '';
  $('lz-position').textContent = v?.position ?? '';
}

function renderFrame(): void {
  $('lz-board').dataset.phase = st.phase;
  $('lz-setup').hidden = st.phase !== 'deploy';
  $('lz-play-row').hidden = st.phase === 'deploy';
  // A new flip game deploys nothing: the button says so.
  const again = $('lz-new');
  again.dataset.lz = st.phase === 'flip' || st.phase === 'flip-review' ? 'newFlipGame' : 'newGame';
  again.textContent = tr(again.dataset.lz as Key);
  $('lz-dark-row').hidden = st.phase !== 'dark';
  $('lz-flip-row').hidden = st.phase !== 'flip' && st.phase !== 'flip-review';
  const playing = inGame();
  if (!playing) st.confirm = null;
  $('lz-resign').hidden = !playing || st.confirm === 'resign';
  $('lz-resign-confirm').hidden = st.confirm !== 'resign';
  $('lz-new-confirm').hidden = st.confirm !== 'new';
  // On a phone the controls are below the board: the first view says so.
  $('lz-go-controls').hidden = st.phase !== 'deploy';
}

/** Dark play's side panel: the status, the announcements as the moves, the beliefs note. */
function renderDark(beliefs: Map<string, LzBelief> | null): void {
  renderFrame();
  const v = st.dark;
  const el = $('lz-status');
  el.className = 'status';
  el.replaceChildren();
  if (!v) {
    el.textContent = tr('thinking');
  } else if (v.outcome) {
    showOutcome(el, v.outcome);
  } else if (st.thinking) {
    el.textContent = `${tr('toMove', sideWord(v.turn))} · ${tr('thinking')}`;
  } else {
    el.textContent = v.turn === st.side ? tr('yourMove', sideWord(v.turn)) : tr('toMove', sideWord(v.turn));
  }
  if (v) el.classList.add(v.turn === 'red' ? 'red' : 'blue');
  const last = v?.history[v.history.length - 1];
  $('lz-announce').textContent = last ? `${tr('referee')}: ${announcementText(last)}` : tr('darkHelp');
  $('lz-reveal').hidden = !v?.outcome;
  fillMoves(
    (v?.history ?? []).map((a) => {
      const span = document.createElement('span');
      span.className = `move ${a.side}`;
      span.dataset.ascii = a.ascii;
      span.textContent = a.ascii;
      const notes = [a.combat ? (hasText(a.combat) ? tr(a.combat) : a.combat) : '', ...a.flags.map((f) => tr('flagShown', sideWord(f.side), f.point))];
      return { el: span, note: notes.filter(Boolean).join(' ') };
    }),
  );
  $('lz-ply').textContent = v ? (v.plies === 0 ? tr('start0') : tr('ply', v.plies)) : '';
  $('lz-position').textContent = v?.infoState ?? '';
  const note = $('lz-beliefs-note');
  const on = $<HTMLInputElement>('lz-beliefs-toggle').checked;
  note.hidden = !on;
  if (on) {
    const exact = v ? st.beliefsExact.get(v.infoState) : undefined;
    note.dataset.exact = String(exact ?? '');
    note.textContent = !beliefs ? tr('beliefsComputing') : exact ? tr('beliefsExact') : tr('beliefsApprox');
  }
}

function renderStatus(): void {
  const el = $('lz-status');
  el.className = 'status';
  el.replaceChildren();
  const v = st.view;
  if (st.phase === 'deploy' || !v) {
    // Flip play deploys nothing (L-32): the status says how it starts.
    if (st.mode === 'flip') {
      el.textContent = tr('flipReady');
      return;
    }
    el.textContent = tr('deploying', sideWord(st.side));
    el.classList.add(st.side === 'red' ? 'red' : 'blue');
    return;
  }
  const end = st.resigned ?? v.outcome;
  if (end) {
    showOutcome(el, end);
  } else if (st.phase === 'review') {
    el.textContent = `${tr('reviewing', v.ply, v.plies)} · ${tr('toMove', sideWord(v.turn))}`;
  } else if (st.thinking) {
    el.textContent = `${tr('toMove', sideWord(v.turn))} · ${tr('thinking')}`;
  } else {
    el.textContent = v.turn === st.side ? tr('yourMove', sideWord(v.turn)) : tr('toMove', sideWord(v.turn));
  }
  el.classList.add(v.turn === 'red' ? 'red' : 'blue');
}

function renderMoves(): void {
  fillMoves(
    st.records.map((r, i) => {
      const b = document.createElement('button');
      b.className = `move ${r.side}${i + 1 === st.ply ? ' current' : ''}`;
      b.dataset.ply = String(i + 1);
      b.dataset.ascii = r.ascii;
      b.textContent = r.simplified;
      return { el: b, note: r.combat ? (hasText(r.combat) ? tr(r.combat) : r.combat) : '' };
    }),
  );
  $('lz-ply').textContent = st.view ? (st.ply === 0 ? tr('start0') : tr('ply', st.ply)) : '';
}

function relabel(): void {
  st.lang = pageLang();
  document.querySelectorAll<HTMLElement>('#lz-app [data-lz], #game-choice [data-lz], .lz-game-choice [data-lz]').forEach((el) => {
    const key = el.dataset.lz!;
    if (hasText(key)) el.textContent = tr(key);
  });
  $<HTMLInputElement>('lz-seed').placeholder = st.lang === 'zh' ? '随机' : 'random';
  fillLegend();
  if (document.body.dataset.game === 'luzhanqi') document.title = `${tr('title')} · gjjq`;
  render();
}

/** The legend (棋子): every kind of L-5 with its character, count, rank and what it does. */
function fillLegend(): void {
  const head = `<tr><th>${tr('legendPiece')}</th><th>${tr('legendCount')}</th><th>${tr('legendWhat')}</th></tr>`;
  const rows = Object.entries(KINDS).map(([letter, k]) => {
    const key = `kind${letter}` as Key;
    const what = hasText(key) ? tr(key) : '';
    const count = LEGEND_COUNTS[letter] ?? '';
    return `<tr data-kind="${letter}"><td><span class="glyph">${k.simp}</span> ${k[st.lang]} <code>${letter}</code></td><td>${count}</td><td>${what}</td></tr>`;
  });
  $('lz-legend-table').innerHTML = head + rows.join('');
}

/** How many of each kind a side has (L-5). */
const LEGEND_COUNTS: Record<string, number> = { S: 1, J: 1, D: 2, B: 2, T: 2, Y: 2, C: 3, P: 3, E: 3, Z: 2, L: 3, F: 1 };

// ---- pointer input: a tap is a click, a drag a drop ------------------------------------

let drag: { from: string; x0: number; y0: number; active: boolean; id: number } | null = null;

function wireBoard(host: HTMLElement): void {
  host.addEventListener('pointerdown', (e) => {
    const [x, y] = board.toSvg(e.clientX, e.clientY);
    const from = board.nearest(x, y, boardFlipped());
    if (!from) return;
    drag = { from, x0: e.clientX, y0: e.clientY, active: false, id: e.pointerId };
    host.setPointerCapture?.(e.pointerId);
  });
  host.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const movable = host.querySelector(`[data-point="${drag.from}"].movable .piece`);
    if (!movable) return;
    if (!drag.active && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) > 8) drag.active = true;
    if (drag.active) {
      const [x0, y0] = board.toSvg(drag.x0, drag.y0);
      const [x, y] = board.toSvg(e.clientX, e.clientY);
      movable.setAttribute('transform', `translate(${x - x0} ${y - y0})`);
      movable.classList.add('dragging');
    }
  });
  const end = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    const [x, y] = board.toSvg(e.clientX, e.clientY);
    const to = board.nearest(x, y, boardFlipped());
    try {
      if (e.type === 'pointercancel') render();
      else if (d.active) {
        if (!to || to === d.from) render();
        else if (st.phase === 'deploy') arrange(d.from, to);
        else if (st.phase === 'dark') darkDrop(d.from, to);
        else if (st.phase === 'flip' || st.phase === 'flip-review') flipDrop(d.from, to);
        else dropPlay(d.from, to);
      } else if (st.phase === 'deploy') deployClick(d.from);
      else if (st.phase === 'dark') darkClick(d.from);
      else if (st.phase === 'flip' || st.phase === 'flip-review') flipClick(d.from);
      else playClick(d.from);
    } catch (err) {
      showError(err);
      render();
    }
  };
  host.addEventListener('pointerup', end);
  host.addEventListener('pointercancel', end);
}

function guarded(f: () => void): () => void {
  return () => {
    try {
      f();
    } catch (err) {
      showError(err);
    }
  };
}

/** A game file to review: a flip record (`[Mode "flip"]`, L-32) with flip views, any other
 * as an open game. */
function loadFile(text: string): void {
  if (/\[Mode\s+"flip"\]/.test(text)) setFlipReview(LzFlipGame.fromGameFile(text));
  else setGame(LzGame.fromGameFile(text), 'review', 0);
}

function lastPly(): number {
  if (st.phase === 'flip-review') return st.flipReview?.plies() ?? 0;
  return st.game?.plies() ?? 0;
}

function wire(): void {
  wireBoard($('lz-board'));
  $('lz-side').addEventListener('change', guarded(startDeploy));
  $('lz-deploy-random').addEventListener(
    'click',
    guarded(() => {
      setArrangement(lzRandomDeployment(newSeed()));
      feedback(tr('deployOk'));
      render();
    }),
  );
  $('lz-deploy-default').addEventListener(
    'click',
    guarded(() => {
      setArrangement(lzDefaultDeployment());
      feedback(null);
      render();
    }),
  );
  $('lz-deploy-string').addEventListener('change', () => {
    try {
      // Checked as an arrangement is: each broken rule in the page's words, with its rule.
      const check = JSON.parse(lzCheckDeploymentString(st.side, $<HTMLInputElement>('lz-deploy-string').value.trim())) as DeployCheck;
      if (check.deployment) {
        setArrangement(check.deployment);
        feedback(tr('deployOk'));
      } else {
        feedback(tr('refused') + check.problems.map(problemText).join(st.lang === 'zh' ? '；' : '; '), check.problems[0]?.code);
      }
      showError('');
    } catch (err) {
      feedback(err instanceof Error ? err.message : String(err), 'string');
    }
    render();
  });
  $('lz-start').addEventListener(
    'click',
    guarded(() => {
      const mode = $<HTMLSelectElement>('lz-mode-select').value as Mode;
      if (mode === 'dark') startDark();
      else if (mode === 'flip') startFlip();
      else startGame();
      // The game is on the board: on a phone the start button is below it.
      boardIntoView();
    }),
  );
  $('lz-resign').addEventListener('click', () => {
    st.confirm = 'resign';
    render();
    $('lz-resign-no').focus();
  });
  $('lz-resign-yes').addEventListener('click', guarded(resign));
  for (const no of ['lz-resign-no', 'lz-new-no']) {
    $(no).addEventListener('click', () => {
      st.confirm = null;
      render();
    });
  }
  $('lz-new-yes').addEventListener('click', guarded(startDeploy));
  $('lz-mode-select').addEventListener('change', guarded(fillAgents));
  $('lz-beliefs-toggle').addEventListener('change', () => render());
  $('lz-reveal').addEventListener('click', () => {
    const game = st.darkGame;
    darkCall({ op: 'referee-record' })
      .then((a) => {
        if (game !== st.darkGame || !a.text) return;
        $<HTMLTextAreaElement>('lz-gamefile-input').value = a.text;
        loadFile(a.text);
      })
      .catch((err) => showError(err));
  });
  $('lz-flip-review').addEventListener('click', () => {
    const game = st.flipGame;
    flipCall({ op: 'record' })
      .then((a) => {
        if (game !== st.flipGame || !a.text) return;
        $<HTMLTextAreaElement>('lz-gamefile-input').value = a.text;
        loadFile(a.text);
      })
      .catch((err) => showError(err));
  });
  // A game in progress is abandoned only once confirmed.
  $('lz-new').addEventListener(
    'click',
    guarded(() => {
      if (!inGame()) return startDeploy();
      st.confirm = 'new';
      render();
      $('lz-new-no').focus();
    }),
  );
  $('lz-first-ply').addEventListener('click', () => goTo(0));
  $('lz-prev').addEventListener('click', () => goTo(st.ply - 1));
  $('lz-next').addEventListener('click', () => goTo(st.ply + 1));
  $('lz-last').addEventListener('click', () => goTo(lastPly()));
  $('lz-moves').addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]');
    if (b) goTo(Number(b.dataset.ply));
  });
  $('lz-load-gamefile').addEventListener(
    'click',
    guarded(() => loadFile($<HTMLTextAreaElement>('lz-gamefile-input').value)),
  );
  $<HTMLInputElement>('lz-gamefile-picker').addEventListener('change', async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await file.text();
    $<HTMLTextAreaElement>('lz-gamefile-input').value = text;
    guarded(() => loadFile(text))();
  });
  $('lz-export').addEventListener(
    'click',
    guarded(() => {
      if (st.phase === 'dark') {
        // The person's record: its own deployment and the announcements (L-31).
        darkCall({ op: 'player-record' })
          .then((a) => {
            $<HTMLTextAreaElement>('lz-export-output').value = a.text ?? '';
          })
          .catch((err) => showError(err));
        return;
      }
      if (st.phase === 'flip') {
        // The flip record (one form: the flip text of L-32), every flip with its piece.
        flipCall({ op: 'record' })
          .then((a) => {
            $<HTMLTextAreaElement>('lz-export-output').value = a.text ?? '';
          })
          .catch((err) => showError(err));
        return;
      }
      if (st.phase === 'flip-review' && st.flipReview) {
        $<HTMLTextAreaElement>('lz-export-output').value = st.flipReview.gameFile();
        return;
      }
      if (!st.game) return;
      $<HTMLTextAreaElement>('lz-export-output').value = st.game.gameFile($<HTMLSelectElement>('lz-export-form').value);
    }),
  );
  document.addEventListener('keydown', (e) => {
    if (document.body.dataset.game !== 'luzhanqi' || (!st.game && st.phase !== 'flip-review')) return;
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const to = { ArrowLeft: st.ply - 1, ArrowRight: st.ply + 1, Home: 0, End: lastPly() }[e.key];
    if (to !== undefined) {
      goTo(to);
      e.preventDefault();
    }
  });
  new MutationObserver(relabel).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

async function mount(): Promise<void> {
  if (mounted) return;
  // The 国际军棋 page initialises the shared WASM module first; this waits for it, so that
  // the module is instantiated once.
  while (document.body.dataset.ready !== 'true') await new Promise((r) => setTimeout(r, 20));
  await init();
  const app = $('lz-app');
  app.innerHTML = HTML;
  board = new LzBoard(JSON.parse(lzBoard()) as LzBoardData, $('lz-board'));
  mounted = true;
  wire();
  st.lang = pageLang();
  fillAgents();
  startDeploy();
  relabel();
  app.dataset.ready = 'true';
}

// ---- the game choice --------------------------------------------------------------------

function choose(game: 'gjjq' | 'luzhanqi'): void {
  document.body.dataset.game = game;
  $('lz-app').hidden = game !== 'luzhanqi';
  const url = new URL(location.href);
  if (game === 'luzhanqi') url.searchParams.set('game', 'luzhanqi');
  else url.searchParams.delete('game');
  history.replaceState(null, '', url);
  // 怎么下 and 棋子 in the header lead to the chosen game's own help and legend.
  const lz = game === 'luzhanqi';
  document.getElementById('go-help')?.setAttribute('href', lz ? '#lz-how-to' : '#how-to-panel');
  document.getElementById('go-legend')?.setAttribute('href', lz ? '#lz-legend' : '#legend-panel');
  document.title = `${t(pageLang(), game === 'luzhanqi' ? 'title' : 'gjjqTitle')} · gjjq`;
  if (game === 'luzhanqi') mount().catch((err) => showError(err));
}

function installChoice(): void {
  const label = document.createElement('label');
  label.className = 'lz-game-choice';
  label.innerHTML =
    '<span data-lz="game"></span> <select id="game-choice">' +
    '<option value="gjjq" data-lz="gjjq"></option><option value="luzhanqi" data-lz="luzhanqi"></option></select>';
  const toolbar = document.querySelector('header .toolbar');
  (toolbar ?? document.body).prepend(label);
  const title = document.createElement('span');
  title.className = 'lz-title';
  title.textContent = '陆战棋';
  document.querySelector('header h1')?.prepend(title);
  const app = document.createElement('section');
  app.id = 'lz-app';
  app.hidden = true;
  document.getElementById('main')?.after(app);
  const select = $<HTMLSelectElement>('game-choice');
  const words = (): void => {
    const lang = pageLang();
    label.querySelectorAll<HTMLElement>('[data-lz]').forEach((el) => {
      const key = el.dataset.lz!;
      if (hasText(key)) el.textContent = t(lang, key);
    });
    title.textContent = t(lang, 'title');
    // The tab's title follows the language too.
    if (document.body.dataset.game) document.title = `${t(lang, document.body.dataset.game === 'luzhanqi' ? 'title' : 'gjjqTitle')} · gjjq`;
  };
  words();
  new MutationObserver(words).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  select.addEventListener('change', () => choose(select.value as 'gjjq' | 'luzhanqi'));
  if (new URLSearchParams(location.search).get('game') === 'luzhanqi') {
    select.value = 'luzhanqi';
    choose('luzhanqi');
  } else {
    document.body.dataset.game = 'gjjq';
  }
}

installChoice();
