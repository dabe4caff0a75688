// The 四國軍棋 page (siguo.html, L-40 … L-66): the person plays Red (south) with an engine
// ally, Blue (north), against two engine enemies, Green (east) and Yellow (west), in 四暗
// (default), 雙明 or 全明. Red deploys on its own half by drag or by tap, each arrangement
// checked by the library (`sgCheckDeployment`: 陸戰棋's L-17 check in Red's frame, L-58) and
// each refusal explained in 陸戰棋's words; then the game runs in its own worker
// (sg-worker.ts): the referee, the three hidden deployments and the three engines are there,
// and this thread is given Red's view and the referee's announcements only, the referee's
// record (every kind) once the game is over. The rules are the library's; the page only
// draws its answers (bindings/wasm/src/sg).

import init, { lzDefaultDeployment, lzRandomDeployment, sgBoard, sgCheckDeployment, sgDeploymentPoints } from '../../pkg/gjjq_wasm.js';
import { SgBoard, SEAT_COLOUR, type SgBoardData, type SgPiece } from './board';
import { kindName, problemText as lzProblemText, type DeployCheck, type DeployProblem, type Lang } from '../luzhanqi/text';
import { client } from '../luzhanqi/rpc';
import type { SgAnswer, SgOp } from './sg-worker';
import './style.css';

type Phase = 'deploy' | 'play' | 'end';

/** Red's view (`SgPlayerView`, bindings/wasm/src/sg/mod.rs). */
interface View {
  mode: string;
  turn: string;
  plies: number;
  pieces: { point: string; seat: string; letter: string | null; id: string }[];
  legal: { from: string | null; to: string | null; ascii: string; attack: boolean }[];
  history: Announcement[];
  inPlay: [boolean, boolean, boolean, boolean];
  flags: { seat: string; point: string }[];
  outcome: Outcome | null;
}
interface Outcome {
  team: string | null;
  won: boolean | null;
  text: string;
}
interface Announcement {
  seat: string;
  event: 'move' | 'pass' | 'resign';
  from: string | null;
  to: string | null;
  defender: string | null;
  result: string | null;
  shown: string | null;
  outs: { seat: string; reason: string }[];
  flags: { seat: string; point: string }[];
  outcome: Outcome | null;
  text: string;
}

const SEATS = ['red', 'green', 'blue', 'yellow'] as const;

const TEXT = {
  title: { zh: '四国军棋', en: 'Siguo (four-player army chess)' },
  otherGames: { zh: '国际军棋 · 陆战棋', en: 'Guoji junqi · Luzhanqi' },
  language: { zh: 'English', en: '中文' },
  deployHelp: {
    zh: '你执红（南），蓝方（北）是电脑盟友，绿方（东）和黄方（西）是电脑对手。布阵：拖动己方棋子（或先点棋子、再点一个点）与另一个交换。军旗须在大本营，地雷只在最后两排，炸弹不在第一排，行营开局须空（L-17，四国各家同此，L-58）。其余三家由电脑随机布阵，你看不到。',
    en: 'You play Red (south); Blue (north) is your engine ally, Green (east) and Yellow (west) the engine enemies. Deploy: drag one of your pieces (or tap it, then a point) to swap it with another. The flag stands on a headquarters, landmines only on the back two rows, bombs never on the front row, camps start empty (L-17, the same for every seat, L-58). The other three seats deploy at random, unseen.',
  },
  mode: { zh: '玩法', en: 'Mode' },
  modeDark: { zh: '四暗（只见己子）', en: '四暗 dark (own kinds only)' },
  modeDouble: { zh: '双明（见盟友之子）', en: '雙明 double open (ally seen)' },
  modeOpen: { zh: '全明', en: '全明 open' },
  random: { zh: '随机布阵', en: 'Random deployment' },
  default: { zh: '默认阵形', en: 'Default formation' },
  start: { zh: '开始对局', en: 'Start the game' },
  deployString: { zh: '我方布阵串（可直接输入）', en: 'Your deployment string (or type one)' },
  pass: { zh: '跳过', en: 'Pass' },
  resign: { zh: '投降', en: 'Surrender' },
  newGame: { zh: '新对局', en: 'New game' },
  export: { zh: '导出棋谱', en: 'Export the game file' },
  download: { zh: '下载', en: 'Download' },
  announcements: { zh: '裁判宣告', en: "Referee's announcements" },
  myRecord: { zh: '我方记录（只含我知道的）', en: 'My record (what I know only)' },
  showRecord: { zh: '显示', en: 'Show' },
  deployOk: { zh: '布阵合法，可以开始', en: 'A legal deployment: ready to start' },
  refused: { zh: '不能这样布阵：', en: 'Refused: ' },
  yourTurn: { zh: '轮到你（红方）走', en: 'Your move (Red)' },
  thinking: { zh: '{0}方思考中…', en: '{0} is thinking…' },
  notYourTurn: { zh: '还没轮到你（按逆时针轮流：红、绿、蓝、黄，L-50）', en: 'Not your turn (counter-clockwise: Red, Green, Blue, Yellow, L-50)' },
  youAreOut: { zh: '你已出局，盟友蓝方继续', en: 'You are out; your ally Blue plays on' },
  noMoveThere: { zh: '{0} 走不到 {1}', en: '{0} cannot go to {1}' },
  won: { zh: '红蓝方胜！', en: 'Red–Blue wins!' },
  lost: { zh: '绿黄方胜', en: 'Green–Yellow wins' },
  draw: { zh: '和棋', en: 'Draw' },
  me: { zh: '我', en: 'me' },
  ally: { zh: '盟友', en: 'ally' },
  enemy: { zh: '对手', en: 'enemy' },
  out: { zh: '出局', en: 'out' },
  red: { zh: '红', en: 'Red' },
  green: { zh: '绿', en: 'Green' },
  blue: { zh: '蓝', en: 'Blue' },
  yellow: { zh: '黄', en: 'Yellow' },
  attacks: { zh: '{0} {1}→{2} 攻{3}方：{4}', en: '{0} {1}→{2} attacks {3}: {4}' },
  moves: { zh: '{0} {1}→{2}', en: '{0} {1}→{2}' },
  passes: { zh: '{0} 跳过', en: '{0} passes' },
  resigns: { zh: '{0} 投降', en: '{0} surrenders' },
  goesOut: { zh: '{0}方出局（{1}）', en: '{0} is out ({1})' },
  flagShown: { zh: '{0}方司令阵亡，军旗亮于 {1}（L-63）', en: "{0}'s marshal fell: its flag is on {1} (L-63)" },
  kindShown: { zh: '守方是{0}（L-65）', en: 'the defender was a {0} (L-65)' },
  'defender-removed': { zh: '守方被吃', en: 'defender removed' },
  'attacker-removed': { zh: '攻方阵亡', en: 'attacker removed' },
  'both-removed': { zh: '同归于尽', en: 'both removed' },
  'flag-captured': { zh: '军旗被夺', en: 'flag captured' },
  'no-move': { zh: '无棋可走', en: 'no legal move' },
  resigned: { zh: '投降', en: 'surrendered' },
  gameOver: { zh: '对局结束：{0}（{1}）', en: 'Game over: {0} ({1})' },
} as const;
type Key = keyof typeof TEXT;

function lang(): Lang {
  return document.documentElement.lang.startsWith('en') ? 'en' : 'zh';
}

function tr(key: Key, ...args: (string | number)[]): string {
  let s: string = TEXT[key][lang()];
  args.forEach((a, i) => (s = s.replace(`{${i}}`, String(a))));
  return s;
}

function seatWord(seat: string): string {
  return SEATS.includes(seat as (typeof SEATS)[number]) ? tr(seat as Key) : seat;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no #${id}`);
  return e as T;
};

const st = {
  phase: 'deploy' as Phase,
  arrangement: new Map<string, string>(),
  selected: null as string | null,
  marked: new Set<string>(),
  view: null as View | null,
  busy: false,
  /** Bumped by each new game: an answer for an earlier game is dropped. */
  game: 0,
  headquarters: [] as string[],
};

let board: SgBoard;

const call = client<SgOp, SgAnswer>(
  () => new Worker(new URL('./sg-worker.ts', import.meta.url), { type: 'module' }),
  (message) => showError(message),
);

function showError(message: string): void {
  $('sg-error').textContent = message;
}

function feedback(text: string | null): void {
  const f = $('sg-feedback');
  f.hidden = !text;
  f.textContent = text ?? '';
}

// ---- deployment (L-17, L-58) ---------------------------------------------------------

function setDeployment(text: string): void {
  const pieces = JSON.parse(sgDeploymentPoints(text)) as { point: string; letter: string }[];
  st.arrangement = new Map(pieces.map((p) => [p.point, p.letter]));
  $<HTMLInputElement>('sg-deploy-string').value = text;
  st.selected = null;
  st.marked.clear();
  feedback(tr('deployOk'));
  render();
}

function problemText(p: DeployProblem): string {
  return lzProblemText(lang(), p, st.headquarters.join(', '));
}

/** Move (or swap) the piece on `from` to `to`, if the library accepts the result. */
function arrange(from: string, to: string): void {
  const moving = st.arrangement.get(from);
  st.selected = null;
  if (!moving || from === to) return render();
  const next = new Map(st.arrangement);
  const there = next.get(to);
  next.delete(from);
  if (there) next.set(from, there);
  next.set(to, moving);
  let check: DeployCheck;
  try {
    check = JSON.parse(sgCheckDeployment(JSON.stringify([...next.entries()]))) as DeployCheck;
  } catch (err) {
    showError(String(err));
    return;
  }
  if (check.deployment === null) {
    feedback(tr('refused') + check.problems.map(problemText).join(lang() === 'zh' ? '；' : '; '));
    $('sg-feedback').dataset.codes = check.problems.map((p) => p.code).join(' ');
    st.marked = new Set(check.problems.map((p) => p.point).filter((p): p is string => p !== null));
    if (!st.marked.size) st.marked.add(to);
  } else {
    st.arrangement = next;
    st.marked.clear();
    $<HTMLInputElement>('sg-deploy-string').value = check.deployment;
    feedback(tr('deployOk'));
    delete $('sg-feedback').dataset.codes;
  }
  render();
}

function deployTap(point: string): void {
  if (st.selected === null) {
    if (st.arrangement.has(point)) st.selected = point;
    return render();
  }
  arrange(st.selected, point);
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---- play ------------------------------------------------------------------------------

function setView(json: string | undefined): void {
  if (!json) return;
  st.view = JSON.parse(json) as View;
  if (st.view.outcome) st.phase = 'end';
}

async function startGame(): Promise<void> {
  const own = $<HTMLInputElement>('sg-deploy-string').value.trim();
  const mode = $<HTMLSelectElement>('sg-mode').value;
  showError('');
  const game = ++st.game;
  st.busy = true;
  render();
  try {
    const a = await call({ op: 'start', own, mode });
    if (game !== st.game) return;
    st.phase = 'play';
    st.selected = null;
    st.marked.clear();
    feedback(null);
    $<HTMLTextAreaElement>('sg-export-output').value = '';
    $<HTMLTextAreaElement>('sg-my-record-output').value = '';
    $('sg-download').hidden = true;
    $('sg-announcements').replaceChildren();
    setView(a.view);
    render();
    await engines(game);
  } catch (err) {
    showError(err instanceof Error ? err.message : String(err));
  } finally {
    if (game === st.game) st.busy = false;
    render();
  }
}

/** The engine seats act until it is Red's turn or the game is over, each action drawn. */
async function engines(game: number): Promise<void> {
  while (game === st.game && st.view && !st.view.outcome && st.view.turn !== 'red') {
    render();
    const a = await call({ op: 'engine' });
    if (game !== st.game) return;
    setView(a.view);
    document.body.dataset.engineMoves = String(Number(document.body.dataset.engineMoves ?? 0) + 1);
    render();
    // Let the page paint between moves.
    await new Promise((r) => setTimeout(r, 0));
  }
}

async function act(action: string): Promise<void> {
  if (st.busy) return;
  const game = st.game;
  st.busy = true;
  st.selected = null;
  feedback(null);
  render();
  try {
    const a = await call({ op: 'play', action });
    if (game !== st.game) return;
    setView(a.view);
    render();
    await engines(game);
  } catch (err) {
    showError(err instanceof Error ? err.message : String(err));
  } finally {
    if (game === st.game) st.busy = false;
    render();
  }
}

function destinations(from: string): Map<string, boolean> {
  const d = new Map<string, boolean>();
  for (const m of st.view?.legal ?? []) if (m.from === from && m.to) d.set(m.to, m.attack);
  return d;
}

function playTap(point: string): void {
  const v = st.view;
  if (!v || st.busy) return;
  if (v.turn !== 'red') {
    feedback(v.inPlay[0] ? tr('notYourTurn') : tr('youAreOut'));
    return;
  }
  if (st.selected && st.selected !== point) {
    const m = v.legal.find((l) => l.from === st.selected && l.to === point);
    if (m) return void act(m.ascii);
  }
  const own = v.pieces.find((p) => p.point === point && p.seat === 'red');
  st.selected = own && st.selected !== point ? point : null;
  if (st.selected && destinations(point).size === 0) feedback(tr('noMoveThere', point, '—'));
  else feedback(null);
  render();
}

function playDrag(from: string, to: string): void {
  const m = st.view?.legal.find((l) => l.from === from && l.to === to);
  if (m) void act(m.ascii);
  else if (st.view?.turn === 'red' && !st.busy) feedback(tr('noMoveThere', from, to));
}

function announcementText(a: Announcement): string {
  const who = seatWord(a.seat);
  let s: string;
  if (a.event === 'pass') s = tr('passes', who);
  else if (a.event === 'resign') s = tr('resigns', who);
  else if (a.result) s = tr('attacks', who, a.from ?? '', a.to ?? '', seatWord(a.defender ?? ''), tr(a.result as Key));
  else s = tr('moves', who, a.from ?? '', a.to ?? '');
  const more: string[] = [];
  if (a.shown) more.push(tr('kindShown', kindName(lang(), a.shown)));
  for (const o of a.outs) more.push(tr('goesOut', seatWord(o.seat), hasKey(o.reason) ? tr(o.reason) : o.reason));
  for (const f of a.flags) more.push(tr('flagShown', seatWord(f.seat), f.point));
  if (a.outcome) more.push(outcomeText(a.outcome));
  return more.length ? `${s}；${more.join('；')}` : s;
}

function hasKey(k: string): k is Key {
  return k in TEXT;
}

function outcomeText(o: Outcome): string {
  const head = o.won === null ? tr('draw') : o.won ? tr('won') : tr('lost');
  return tr('gameOver', head, o.text);
}

// ---- drawing ---------------------------------------------------------------------------

function render(): void {
  const v = st.view;
  $('sg-setup').hidden = st.phase !== 'deploy';
  $('sg-play').hidden = st.phase !== 'play';
  $('sg-end').hidden = st.phase !== 'end';
  document.body.dataset.phase = st.phase;
  document.body.dataset.busy = String(st.busy);
  if (st.phase === 'deploy') {
    const pieces: SgPiece[] = [...st.arrangement].map(([point, letter]) => ({ point, seat: 'red', letter }));
    board.draw({ pieces, selected: st.selected, dests: new Map(), marked: st.marked, last: null, flags: new Map(), out: new Set() });
    $('sg-status').textContent = tr('deployHelp').split('。')[0].split('. ')[0];
    return;
  }
  if (!v) return;
  document.body.dataset.turn = v.turn;
  document.body.dataset.mode = v.mode;
  const out = new Set(SEATS.filter((_, i) => !v.inPlay[i]));
  const last = v.history.length ? v.history[v.history.length - 1] : null;
  board.draw({
    pieces: v.pieces.map((p) => ({ point: p.point, seat: p.seat, letter: p.letter })),
    selected: st.selected,
    dests: st.selected ? destinations(st.selected) : new Map(),
    marked: new Set(),
    last: last?.from && last.to ? [last.from, last.to] : null,
    flags: new Map(v.flags.map((f) => [f.point, f.seat])),
    out,
  });
  // The announcements: only the new ones are added, newest first.
  const list = $('sg-announcements');
  for (let i = list.children.length; i < v.history.length; i++) {
    const li = document.createElement('li');
    li.textContent = `${i + 1}. ${announcementText(v.history[i])}`;
    li.style.borderLeftColor = SEAT_COLOUR[v.history[i].seat] ?? '#888';
    list.prepend(li);
  }
  const seats = SEATS.map((s, i) => {
    const role = s === 'red' ? tr('me') : s === 'blue' ? tr('ally') : tr('enemy');
    const mark = v.inPlay[i] ? '' : ` · ${tr('out')}`;
    const turn = v.turn === s && !v.outcome ? ' ◀' : '';
    return `<span class="sg-seat" style="border-color:${SEAT_COLOUR[s]}" data-seat-row="${s}" data-in-play="${v.inPlay[i]}">${seatWord(s)}（${role}${mark}）${turn}</span>`;
  });
  $('sg-seats').innerHTML = seats.join('');
  $('sg-pass').hidden = !v.legal.some((l) => l.ascii === 'pass');
  // A surrender is not a turn (L-54), but it waits for the engines' moves in flight.
  $<HTMLButtonElement>('sg-resign').disabled = st.busy || !v.inPlay[0];
  if (v.outcome) {
    $('sg-result').textContent = outcomeText(v.outcome);
    $('sg-status').textContent = '';
    document.body.dataset.result = v.outcome.won === null ? 'draw' : v.outcome.won ? 'won' : 'lost';
  } else if (v.turn === 'red') {
    $('sg-status').textContent = tr('yourTurn');
  } else {
    $('sg-status').textContent = v.inPlay[0] ? tr('thinking', seatWord(v.turn)) : `${tr('youAreOut')} · ${tr('thinking', seatWord(v.turn))}`;
  }
}

function relabel(): void {
  document.querySelectorAll<HTMLElement>('[data-t]').forEach((e) => {
    const k = e.dataset.t!;
    if (hasKey(k)) e.textContent = tr(k);
  });
  $('sg-lang').textContent = tr('language');
  document.title = `${tr('title')} · gjjq`;
  $('sg-announcements').replaceChildren();
  render();
}

async function exportGame(): Promise<void> {
  try {
    const a = await call({ op: 'referee-record' });
    const text = a.text ?? '';
    $<HTMLTextAreaElement>('sg-export-output').value = text;
    const link = $<HTMLAnchorElement>('sg-download');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.hidden = false;
  } catch (err) {
    showError(err instanceof Error ? err.message : String(err));
  }
}

function wire(): void {
  board.onTap = (p) => (st.phase === 'deploy' ? deployTap(p) : playTap(p));
  board.onDrag = (a, b) => (st.phase === 'deploy' ? arrange(a, b) : playDrag(a, b));
  $('sg-random').addEventListener('click', () => setDeployment(lzRandomDeployment(randomSeed())));
  $('sg-default').addEventListener('click', () => setDeployment(lzDefaultDeployment()));
  $('sg-deploy-string').addEventListener('change', () => {
    try {
      setDeployment($<HTMLInputElement>('sg-deploy-string').value.trim());
      showError('');
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  });
  $('sg-start').addEventListener('click', () => void startGame());
  $('sg-pass').addEventListener('click', () => void act('pass'));
  $('sg-resign').addEventListener('click', async () => {
    if (st.busy) return;
    const game = st.game;
    st.busy = true;
    render();
    try {
      const a = await call({ op: 'resign' });
      setView(a.view);
      render();
      await engines(game);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    } finally {
      if (game === st.game) st.busy = false;
      render();
    }
  });
  $('sg-new').addEventListener('click', () => {
    st.game++;
    st.phase = 'deploy';
    st.view = null;
    st.busy = false;
    $('sg-announcements').replaceChildren();
    render();
  });
  $('sg-export').addEventListener('click', () => void exportGame());
  $('sg-my-record').addEventListener('click', async () => {
    try {
      const a = await call({ op: 'player-record' });
      $<HTMLTextAreaElement>('sg-my-record-output').value = a.text ?? '';
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  });
  $('sg-lang').addEventListener('click', () => {
    document.documentElement.lang = lang() === 'zh' ? 'en' : 'zh-Hans';
    relabel();
  });
}

async function mount(): Promise<void> {
  await init();
  const data = JSON.parse(sgBoard()) as SgBoardData;
  st.headquarters = data.headquarters;
  board = new SgBoard(data, $('sg-board'));
  wire();
  relabel();
  setDeployment(lzDefaultDeployment());
  document.body.dataset.ready = 'true';
}

mount().catch((err) => showError(String(err)));
