// The web board: state, events, and the panels around the board.

import init, {
  Game,
  boardPoints,
  positionFromDeployments,
  randomDeployment,
} from '../pkg/gjjq_wasm.js';
import { Board } from './board';
import { applyLabels, reason, t, type Lang } from './i18n';
import type { EngineReply, MoveView, PointView, Script, Side, View } from './types';
import type { EngineRequest } from './engine-worker';

type Mode = 'two' | 'red' | 'green';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};

const state = {
  game: null as unknown as Game,
  ply: 0,
  view: null as unknown as View,
  moves: [] as MoveView[],
  flipped: false,
  script: 'simplified' as Script,
  lang: 'zh' as Lang,
  mode: 'two' as Mode,
  selected: null as string | null,
  /** Bumped whenever the game changes, so that a stale engine reply is ignored. */
  generation: 0,
  thinking: false,
};

let board: Board;
let worker: Worker;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function showError(err: unknown): void {
  const el = $('error');
  el.textContent = err == null ? '' : `${t(state.lang, 'error')}: ${message(err)}`;
}

function sideName(side: Side): string {
  return t(state.lang, side);
}

function record(m: MoveView): string {
  return state.script === 'traditional' ? m.traditional : m.simplified;
}

/** The side the engine plays, if any. */
function engineSide(): Side | null {
  if (state.mode === 'red') return 'green';
  if (state.mode === 'green') return 'red';
  return null;
}

function setGame(game: Game, ply?: number): void {
  state.game?.free();
  state.game = game;
  state.moves = JSON.parse(game.moves()) as MoveView[];
  state.ply = ply ?? game.plies();
  state.generation++;
  state.selected = null;
  showError(null);
  refresh();
  maybeEngine();
}

function goTo(ply: number): void {
  const clamped = Math.max(0, Math.min(state.game.plies(), ply));
  if (clamped === state.ply) return;
  state.ply = clamped;
  state.selected = null;
  refresh();
  maybeEngine();
}

function play(ascii: string): void {
  try {
    state.game.play(state.ply, ascii);
  } catch (err) {
    showError(err);
    return;
  }
  state.moves = JSON.parse(state.game.moves()) as MoveView[];
  state.ply += 1;
  state.generation++;
  state.selected = null;
  showError(null);
  refresh();
  maybeEngine();
}

function humanMayMove(): boolean {
  const engine = engineSide();
  return !(engine && state.view.turn === engine && state.ply === state.game.plies());
}

function onPointClick(label: string): void {
  const view = state.view;
  if (view.outcome || !humanMayMove()) return;
  if (state.selected) {
    const m = view.legal.find((mv) => mv.from === state.selected && mv.to === label);
    if (m) {
      play(m.ascii);
      return;
    }
  }
  state.selected =
    state.selected !== label && view.legal.some((mv) => mv.from === label) ? label : null;
  renderBoard();
}

function renderBoard(): void {
  const targets = state.selected ? state.view.legal.filter((m) => m.from === state.selected) : [];
  $('board').innerHTML = board.render({
    view: state.view,
    flipped: state.flipped,
    script: state.script,
    selected: state.selected,
    targets,
  });
}

function renderMoves(): void {
  const list = $('moves');
  const start = state.game.startPosition().split(/\s+/);
  let number = Number(start[4] ?? '1') || 1;
  let side: Side = start[1] === 'g' ? 'green' : 'red';
  const rows: string[] = [];
  let row: string[] = [];
  const flush = (): void => {
    if (row.length) rows.push(`<li value="${number}">${row.join('')}</li>`);
    row = [];
  };
  if (side === 'green') row.push('<span class="gap">…</span>');
  state.moves.forEach((m, i) => {
    const ply = i + 1;
    const current = ply === state.ply ? ' current' : '';
    row.push(
      `<button class="move ${m.side}${current}" data-ply="${ply}" data-ascii="${m.ascii}" title="${m.ascii}">${record(m)}</button>`,
    );
    if (side === 'green') {
      flush();
      number++;
    }
    side = side === 'red' ? 'green' : 'red';
  });
  flush();
  list.innerHTML = rows.join('');
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  $('ply').textContent = t(state.lang, 'viewing', state.ply, state.game.plies());
}

function renderStatus(): void {
  const v = state.view;
  const el = $('status');
  if (v.outcome) {
    const o = v.outcome;
    const head = o.winner ? `${sideName(o.winner)} ${t(state.lang, 'wins')}` : t(state.lang, 'draw');
    el.innerHTML = `<span id="result" data-winner="${o.winner ?? 'draw'}" data-reason="${o.reason}" data-result="${o.result}">${head} · ${reason(state.lang, o.reason)} (${o.result})</span>`;
    el.className = `status over ${o.winner ?? 'draw'}`;
    return;
  }
  const due = v.pending.some((p) => p.side === v.turn) ? ` · ${t(state.lang, 'returnDue')}` : '';
  el.innerHTML = `<span id="turn" data-turn="${v.turn}">${sideName(v.turn)} ${t(state.lang, 'toMove')}${due}</span>`;
  el.className = `status ${v.turn}`;
}

function refresh(): void {
  state.view = JSON.parse(state.game.view(state.ply)) as View;
  $('position').textContent = state.view.position;
  renderBoard();
  renderMoves();
  renderStatus();
}

function maybeEngine(): void {
  const engine = engineSide();
  const v = state.view;
  if (!engine || v.outcome || v.turn !== engine || state.ply !== state.game.plies()) return;
  const req: EngineRequest = {
    id: state.generation,
    start: state.game.startPosition(),
    moves: state.game.movesAscii(),
    seed: (Math.random() * 2 ** 32) >>> 0,
  };
  state.thinking = true;
  $('engine-status').textContent = t(state.lang, 'thinking');
  worker.postMessage(req);
}

function onEngineMessage(event: MessageEvent<{ id: number; reply?: EngineReply; error?: string }>): void {
  const { id, reply, error } = event.data;
  state.thinking = false;
  $('engine-status').textContent = '';
  // The game changed, or the person stepped back, while the engine thought: stepping to the
  // end asks again.
  if (id !== state.generation || state.ply !== state.game.plies()) return;
  if (error || !reply) {
    showError(error ?? 'no reply');
    return;
  }
  $('engine-name').textContent = reply.engine;
  if (reply.bestMove) play(reply.bestMove);
}

function relabel(): void {
  applyLabels(document, state.lang);
  $('script').textContent =
    state.script === 'simplified' ? t(state.lang, 'scriptTraditional') : t(state.lang, 'scriptSimplified');
  refresh();
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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

function wire(): void {
  $('board').addEventListener('click', (e) => {
    const el = (e.target as Element).closest('[data-point]');
    if (el) onPointClick(el.getAttribute('data-point') ?? '');
  });
  $('moves').addEventListener('click', (e) => {
    const el = (e.target as Element).closest('[data-ply]');
    if (el) goTo(Number(el.getAttribute('data-ply')));
  });
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(state.ply - 1));
  $('next').addEventListener('click', () => goTo(state.ply + 1));
  $('last').addEventListener('click', () => goTo(state.game.plies()));
  document.addEventListener('keydown', (e) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.game.plies() }[
      e.key
    ];
    if (to !== undefined) {
      e.preventDefault();
      goTo(to);
    }
  });
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    renderBoard();
  });
  $('script').addEventListener('click', () => {
    state.script = state.script === 'simplified' ? 'traditional' : 'simplified';
    relabel();
  });
  $('lang').addEventListener('click', () => {
    state.lang = state.lang === 'zh' ? 'en' : 'zh';
    relabel();
  });
  $<HTMLSelectElement>('mode').addEventListener('change', (e) => {
    state.mode = (e.target as HTMLSelectElement).value as Mode;
    state.generation++;
    maybeEngine();
  });
  $('new-game').addEventListener('click', guarded(() => setGame(new Game(''))));
  $('load-position').addEventListener(
    'click',
    guarded(() => setGame(new Game($<HTMLTextAreaElement>('position-input').value))),
  );
  $('load-deployment').addEventListener(
    'click',
    guarded(() => {
      const pos = positionFromDeployments(
        $<HTMLInputElement>('red-deployment').value,
        $<HTMLInputElement>('green-deployment').value,
        $<HTMLSelectElement>('first-mover').value,
      );
      setGame(new Game(pos));
    }),
  );
  // Hook for random deployments: gjjq-wasm answers once the library's lands.
  $('random-deployment').addEventListener(
    'click',
    guarded(() => {
      const seed = (Math.random() * 2 ** 32) >>> 0;
      $<HTMLInputElement>('red-deployment').value = randomDeployment(seed);
      $<HTMLInputElement>('green-deployment').value = randomDeployment(seed ^ 0x9e3779b9);
    }),
  );
  $('load-gamefile').addEventListener(
    'click',
    guarded(() => setGame(Game.fromGameFile($<HTMLTextAreaElement>('gamefile-input').value), 0)),
  );
  $<HTMLInputElement>('gamefile-picker').addEventListener('change', async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await file.text();
    $<HTMLTextAreaElement>('gamefile-input').value = text;
    guarded(() => setGame(Game.fromGameFile(text), 0))();
  });
  $('export').addEventListener(
    'click',
    guarded(() => {
      const text = state.game.gameFile($<HTMLSelectElement>('export-form').value);
      $<HTMLTextAreaElement>('export-output').value = text;
      download('gjjq-game.gjjq', text);
    }),
  );
}

async function main(): Promise<void> {
  await init();
  board = new Board(JSON.parse(boardPoints()) as PointView[]);
  worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = onEngineMessage;
  worker.onerror = (e) => showError(e.message);
  wire();
  const params = new URLSearchParams(location.search);
  let first: Game;
  try {
    first = new Game(params.get('position') ?? '');
  } catch (err) {
    first = new Game('');
    setTimeout(() => showError(err));
  }
  setGame(first);
  $<HTMLTextAreaElement>('position-input').value = state.view.position;
  relabel();
  document.body.dataset.ready = 'true';
  (window as unknown as { gjjqReadyMs: number }).gjjqReadyMs = performance.now();
}

main().catch((err) => showError(err));
