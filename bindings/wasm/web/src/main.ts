// The web board: state, events, and the panels around the board.

import init, {
  Game,
  boardPoints,
  checkDeployment,
  checkDeploymentString,
  deploymentPoints,
  positionFromDeployments,
  randomDeployment,
} from '../pkg/gjjq_wasm.js';
import { BELIEF_TINT, Board, kindWord } from './board';
import { englishOfChar, KINDS, renderHowTo, renderLegend } from './legend';
import { applyLabels, reason, t, type Key, type Lang } from './i18n';
import type {
  BeliefsView,
  DeploymentCheck,
  PieceView,
  ThreatView,
  CandidateView,
  EngineReply,
  HiddenMoveView,
  HiddenView,
  MoveView,
  PointView,
  ProposalView,
  Script,
  Side,
  TreeMove,
  View,
} from './types';
import type { EngineRequest } from './engine-worker';
import type { BeliefsAnswer, BeliefsRequest } from './beliefs-worker';
import type { HiddenAnswer, HiddenOp } from './hidden-worker';
import { client } from './luzhanqi/rpc';
import { scrollListTo } from './list-scroll';

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
  /** The board point the keyboard focus is on (arrow keys move it, Enter clicks it). */
  focus: '5A' as string,
  /** Bumped whenever the game changes, so that a stale engine reply is ignored. */
  generation: 0,
  thinking: false,
  /** A hidden game in play (暗式): its referee and the engine's side live in the hidden-game
   * worker (hidden-worker.ts); the page holds a token of the game and the person's view. */
  hidden: null as { game: number } | null,
  hiddenView: null as HiddenView | null,
  /** The last proposal of the person the referee refused, until the next one. */
  refusedMessage: null as string | null,
  /** The game shown is a finished hidden game, revealed. */
  revealed: false,
  /** The person's beliefs, computed once per information state (the key: its string, so a
   * refused proposal, which tells something, gives a new entry) and only while the toggle is
   * on, in the beliefs worker. */
  beliefs: new Map<string, BeliefsView>(),
  /** Information states sent to the beliefs worker and not answered yet. */
  beliefsPending: new Set<string>(),
  /** Which hidden game the beliefs belong to: an answer for an earlier one is dropped. */
  beliefsGame: 0,
  /** A hand deployment being arranged for a hidden game: the person's side and its
   * pieces by board point (kind letters); null when not arranging. */
  arrange: null as { side: Side; pieces: Map<string, string> } | null,
  /** The resign button was pressed once: it asks to confirm. */
  confirmResign: false,
};

/** A message the page words itself (already in the page's language). */
class PageError extends Error {}

let board: Board;
let worker: Worker;
/** The beliefs worker, started the first time the toggle is turned on. */
let beliefsWorker: Worker | null = null;
/** The hidden game's worker (the referee and the engine's side, issue 50 item 22), started
 * with the first hidden game. */
const hiddenCall = client<HiddenOp, HiddenAnswer>(
  () => new Worker(new URL('./hidden-worker.ts', import.meta.url), { type: 'module' }),
  (m) => showError(m),
);
/** Hidden games started: the token of each, so that a late answer for an earlier one is dropped. */
let hiddenGames = 0;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Show an error: the page's own words as they are; the library's messages (in English) in
 * the Chinese page after a Chinese lead-in, marked `lang="en"`. */
function showError(err: unknown): void {
  const el = $('error');
  if (err == null) {
    el.textContent = '';
    return;
  }
  if (err instanceof PageError) {
    el.textContent = `${t(state.lang, 'error')}: ${err.message}`;
    return;
  }
  el.innerHTML = `${escapeHtml(t(state.lang, 'libraryError'))}<span lang="en">${escapeHtml(message(err))}</span>`;
}

function sideName(side: Side): string {
  return t(state.lang, side);
}

function record(m: MoveView): string {
  return state.script === 'traditional' ? m.traditional : m.simplified;
}

/** Choose who plays: the select, the flip (your own country at the bottom), the engine line. */
function setMode(mode: Mode): void {
  state.mode = mode;
  $<HTMLSelectElement>('mode').value = mode;
  state.flipped = mode === 'green';
  $('engine-row').hidden = mode === 'two';
}

/** The side the engine plays, if any. */
function engineSide(): Side | null {
  if (state.mode === 'red') return 'green';
  if (state.mode === 'green') return 'red';
  return null;
}

function dropHidden(): void {
  state.hidden = null;
  state.hiddenView = null;
  state.refusedMessage = null;
  state.revealed = false;
  state.confirmResign = false;
  state.beliefs.clear();
  state.beliefsPending.clear();
  state.beliefsGame++;
}

function setGame(game: Game, ply?: number): void {
  dropHidden();
  endArrange();
  state.game?.free();
  state.game = game;
  state.moves = JSON.parse(game.moves()) as MoveView[];
  state.ply = ply ?? game.plies();
  state.generation++;
  state.selected = null;
  showFeedback(null);
  showError(null);
  refresh();
  maybeEngine();
}

function goTo(ply: number): void {
  if (state.hidden) return; // the person's record is not a game to step through
  const clamped = Math.max(0, Math.min(state.game.plies(), ply));
  if (clamped === state.ply) return;
  state.ply = clamped;
  state.selected = null;
  refresh();
  maybeEngine();
}

/** Walk the line through a node of another line (a click on a variation's move). */
function selectNode(node: number): void {
  if (state.hidden) return;
  try {
    state.ply = state.game.select(node);
  } catch (err) {
    showError(err);
    return;
  }
  state.moves = JSON.parse(state.game.moves()) as MoveView[];
  state.generation++;
  state.selected = null;
  refresh();
  maybeEngine();
}

function play(ascii: string): void {
  if (state.hidden) {
    propose(ascii).catch(showError);
    return;
  }
  // A move of the person's that the board marked as losing at once is explained after it.
  const danger = humanMayMove() ? (state.view.legal.find((m) => m.ascii === ascii)?.danger ?? null) : null;
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
  showFeedback(danger ? t(state.lang, danger === 'king-exposed' ? 'dangerKingExposed' : 'dangerLost', ascii) : null);
  if (danger) $('feedback').dataset.code = `danger-${danger}`;
  showError(null);
  refresh();
  maybeEngine();
}

function humanMayMove(): boolean {
  if (state.hidden) return state.view.turn === state.hiddenView?.side && !state.thinking;
  const engine = engineSide();
  return !(engine && state.view.turn === engine && state.ply === state.game.plies());
}

/** Why a click on `label` does nothing, in the page's language; null when it acts. */
function refusal(label: string): string | null {
  const view = state.view;
  const turn = view.turn;
  const pending = view.pending.find((p) => p.side === turn);
  const point = board.point(label);
  const piece = view.pieces.find((p) => p.point === label);
  const from = state.selected;
  if (from) {
    if (view.legal.some((m) => m.from === from && m.to === label)) return null;
    if (piece && piece.side === turn && view.legal.some((m) => m.from === label)) return null;
    if (from === label) return null; // deselect
    if (pending && pending.striker !== label && view.legal.every((m) => m.from === pending.striker))
      return t(state.lang, 'refuseReturnOwed');
    const red = view.pieces.filter((p) => p.side === 'red').length;
    const green = view.pieces.filter((p) => p.side === 'green').length;
    if (point && point.palace && point.country !== turn && red > 8 && green > 8)
      return t(state.lang, 'refusePalaceSealed');
    return t(state.lang, 'refuseNoMove');
  }
  if (!piece) return t(state.lang, 'refuseNoPiece');
  if (piece.side !== turn) return t(state.lang, 'refuseNotYours');
  if (view.legal.some((m) => m.from === label)) return null;
  if (pending && pending.striker !== label) return t(state.lang, 'refuseReturnOwed');
  return t(state.lang, 'refuseCannotMove');
}

/** On a narrow screen the controls sit below the board: bring the board back into view. */
function boardIntoView(): void {
  const r = $('board').getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) $('board').scrollIntoView({ block: 'start' });
}

function showFeedback(text: string | null): void {
  const el = $('feedback');
  delete el.dataset.code;
  el.textContent = text ?? '';
  el.hidden = !text;
}

/** What a click in a hidden game tells: an enemy disc is named by what is known of it
 * an empty point says so, a destination no candidate reaches says why. */
function hiddenClickNote(label: string): string | null {
  const view = state.view;
  const hv = state.hiddenView;
  if (!hv) return null;
  const piece = view.pieces.find((p) => p.point === label);
  const from = state.selected;
  if (from && view.legal.some((m) => m.from === from && m.to === label)) return null;
  if (piece && piece.side === hv.side) {
    if (view.legal.some((m) => m.from === label) || view.turn !== hv.side) return null;
    if (hv.pending.length && hv.pending[0].striker !== label) return t(state.lang, 'refuseReturnOwed');
    return t(state.lang, 'refuseCannotMove');
  }
  if (from && from !== label) return t(state.lang, 'notCandidate', from, label);
  if (piece) {
    const id = hv.enemyIds.find(([at]) => at === label)?.[1] ?? '?';
    return t(state.lang, 'enemyHidden', label, id);
  }
  return t(state.lang, 'emptyPoint', label);
}

function onPointClick(label: string): void {
  if (state.arrange) {
    arrangeClick(label);
    return;
  }
  const view = state.view;
  if (view.outcome) return;
  if (state.hidden) {
    showFeedback(hiddenClickNote(label));
    if (!humanMayMove()) return;
  } else {
    if (!humanMayMove()) return;
    showFeedback(refusal(label));
  }
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

/** The beliefs to shade the enemy discs with: only in a hidden game, only while the toggle is
 * on, from the person's information state, cached per state. Not cached yet: asked of the
 * beliefs worker (`hiddenBeliefs`, given the state string only) and null until it answers;
 * the board is drawn again then. */
function currentBeliefs(): BeliefsView | null {
  const hv = state.hiddenView;
  if (!state.hidden || !hv || !$<HTMLInputElement>('beliefs-toggle').checked) return null;
  const cached = state.beliefs.get(hv.infoState);
  if (cached) return cached;
  if (!state.beliefsPending.has(hv.infoState)) {
    state.beliefsPending.add(hv.infoState);
    if (!beliefsWorker) {
      beliefsWorker = new Worker(new URL('./beliefs-worker.ts', import.meta.url), { type: 'module' });
      beliefsWorker.onmessage = onBeliefs;
      beliefsWorker.onerror = (e) => showError(e.message);
    }
    const req: BeliefsRequest = { game: state.beliefsGame, state: hv.infoState };
    beliefsWorker.postMessage(req);
  }
  return null;
}

/** The beliefs worker's answer: cached, and drawn when it is still the state shown. Each
 * computation's time is pushed to `window.gjjqBeliefsTimes` (ms, in the worker). */
function onBeliefs(event: MessageEvent<BeliefsAnswer>): void {
  const a = event.data;
  if (a.game !== state.beliefsGame) return; // a game since ended
  state.beliefsPending.delete(a.state);
  const w = window as unknown as { gjjqBeliefsTimes?: number[] };
  (w.gjjqBeliefsTimes ??= []).push(a.ms);
  if (a.error || !a.view) {
    showError(a.error ?? 'no beliefs');
    return;
  }
  state.beliefs.set(a.state, a.view);
  if (state.hiddenView?.infoState !== a.state || drag?.active) return;
  renderBoard();
  renderHiddenPanel();
}

/** The legend under the beliefs toggle: the tint of each kind, and whether the figures are exact. */
function renderBeliefsLegend(on: boolean, beliefs: BeliefsView | null): void {
  const el = $('beliefs-legend');
  el.hidden = !on;
  delete el.dataset.exact;
  if (!on) {
    el.innerHTML = '';
    delete el.dataset.state;
    return;
  }
  if (!beliefs) {
    el.dataset.state = 'computing';
    el.innerHTML = `<p>${escapeHtml(t(state.lang, 'beliefsComputing'))}</p>`;
    return;
  }
  el.dataset.state = 'ready';
  el.dataset.exact = String(beliefs.exact);
  const swatches = KINDS.map(
    (k) =>
      `<li data-kind="${k.letter}"><span class="swatch" style="background:${BELIEF_TINT[k.letter]}">${k.letter}</span>${escapeHtml(kindWord(k.letter, state.lang, state.script))}</li>`,
  ).join('');
  const exactness = beliefs.exact
    ? `<p class="exact">${escapeHtml(t(state.lang, 'beliefsExact'))}</p>`
    : `<p class="approx">${escapeHtml(t(state.lang, 'beliefsApprox'))}</p>`;
  el.innerHTML = `<p>${escapeHtml(t(state.lang, 'beliefsNote'))}</p><ul class="swatches">${swatches}</ul>${exactness}`;
}

function renderBoard(): void {
  const targets = state.selected ? state.view.legal.filter((m) => m.from === state.selected) : [];
  const hadFocus = $('board').contains(document.activeElement);
  $('board').innerHTML = board.render({
    view: state.view,
    flipped: state.flipped,
    script: state.script,
    selected: state.selected,
    targets,
    lang: state.lang,
    focus: state.focus,
    beliefs: currentBeliefs(),
  });
  if (hadFocus) $('board').querySelector<SVGGElement>(`[data-point="${state.focus}"]`)?.focus();
}

/** A line of the tree other than the main line, as `(1... 团5b进5a 2. …)`: each move a
 * button with its node id (a click walks its line); nested alternatives in parentheses. */
function altLine(line: TreeMove[]): string {
  const parts: string[] = [];
  line.forEach((m, i) => {
    const red = m.move.side === 'red';
    const number = Math.ceil(m.ply / 2);
    if (red) parts.push(`<span class="num">${number}.</span>`);
    else if (i === 0) parts.push(`<span class="num">${number}…</span>`);
    const glyphs = m.glyphs.map(escapeHtml).join('');
    const current = m.node === state.view.node ? ' current' : '';
    parts.push(
      `<button class="move alt ${m.move.side}${current}" data-node="${m.node}" data-ascii="${m.move.ascii}" title="${m.move.ascii}">${record(m.move)}${glyphs}</button>`,
    );
    for (const v of m.variations) parts.push(altLine(v));
  });
  return `<span class="variation">(${parts.join(' ')})</span>`;
}

/** The move list: the game's main line as rows, as the exported file writes it, each other
 * line in parentheses under the move it replaces; the move shown is marked wherever it is. */
function renderMoves(): void {
  const list = $('moves');
  const tree = JSON.parse(state.game.tree()) as TreeMove[];
  const start = state.game.startPosition().split(/\s+/);
  let number = Number(start[4] ?? '1') || 1;
  let side: Side = start[1] === 'g' ? 'green' : 'red';
  const rows: string[] = [];
  let row: string[] = [];
  const flush = (): void => {
    if (row.length) rows.push(`<li value="${number}">${row.join('')}</li>`);
    row = [];
  };
  if (side === 'green' && tree.length) row.push('<span class="gap">…</span>');
  tree.forEach((m, i) => {
    const current = m.node === state.view.node ? ' current' : '';
    const glyphs = m.glyphs.map(escapeHtml).join('');
    row.push(
      `<button class="move ${m.move.side}${current}" data-node="${m.node}" data-ply="${m.ply}" data-ascii="${m.move.ascii}" title="${m.move.ascii}">${record(m.move)}${glyphs}</button>`,
    );
    if (m.variations.length) {
      // The other lines at this ply, indented under the move, each clickable.
      flush();
      rows.push(`<li class="variations">${m.variations.map(altLine).join(' ')}</li>`);
      if (side === 'red' && i + 1 < tree.length) row.push('<span class="gap">…</span>');
    }
    if (side === 'green') {
      flush();
      number++;
    }
    side = side === 'red' ? 'green' : 'red';
  });
  flush();
  list.innerHTML = rows.join('');
  scrollListTo(list, list.querySelector<HTMLElement>('.current'));
  $('ply').textContent = t(state.lang, 'viewing', state.ply, state.game.plies());
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** A comment of the player's record (`refused 5B4A`, `captured I`, …) in the page's language. */
function note(comment: string, m: HiddenMoveView): string {
  const [word, letter] = comment.split(' ');
  const told = m.captured ? m.captured[state.script === 'traditional' ? 1 : 0] : null;
  const arg = word === 'captured' && told ? told : letter;
  const keys: Record<string, Key> = {
    refused: 'noteRefused',
    captured: 'noteCaptured',
    stayed: 'noteStayed',
    removed: 'noteRemoved',
  };
  const key = keys[word];
  // In the English page a kind is named in English (`took Missile`), not by its character.
  const shown = state.lang === 'en' && arg && word !== 'refused' ? englishOfChar(arg) : arg;
  return key ? t(state.lang, key, shown ?? '').trim() : comment;
}

/** The person's record of a hidden game: own moves in full, enemy moves as 暗…. */
function renderHiddenMoves(hv: HiddenView): void {
  const list = $('moves');
  let number = 1;
  let side: Side = hv.moves[0]?.side ?? state.view.turn;
  const rows: string[] = [];
  let row: string[] = [];
  const flush = (): void => {
    if (row.length) rows.push(`<li value="${number}">${row.join('')}</li>`);
    row = [];
  };
  if (side === 'green') row.push('<span class="gap">…</span>');
  hv.moves.forEach((m, i) => {
    const ply = i + 1;
    const current = ply === hv.plies ? ' current' : '';
    const own = m.side === hv.side ? ' own' : ' enemy';
    const notes = m.comments.map((c) => `<span class="note">${escapeHtml(note(c, m))}</span>`).join('');
    row.push(
      `<button class="move ${m.side}${own}${current}" data-ply="${ply}" data-ascii="${m.ascii}" title="${m.ascii}">${state.script === 'traditional' ? m.traditional : m.simplified}</button>${notes}`,
    );
    if (side === 'green') {
      flush();
      number++;
    }
    side = side === 'red' ? 'green' : 'red';
  });
  flush();
  list.innerHTML = rows.join('');
  scrollListTo(list, list.querySelector<HTMLElement>('.current'));
  $('ply').textContent = t(state.lang, hv.plies === 1 ? 'hiddenPly' : 'hiddenPlies', hv.plies);
}

/** The hidden panel beside the board: the person's information state, refusals, resign. */
function renderHiddenPanel(): void {
  const hv = state.hiddenView;
  const playing = state.hidden !== null;
  $('hidden-status').hidden = !playing && !state.revealed;
  $('info-state-block').hidden = !playing;
  $('position-block').hidden = playing;
  $('resign').hidden = !playing || state.confirmResign;
  $('resign-confirm').hidden = !playing || !state.confirmResign;
  $('beliefs-row').hidden = !playing;
  const on = playing && $<HTMLInputElement>('beliefs-toggle').checked;
  renderBeliefsLegend(on, on ? currentBeliefs() : null);
  $<HTMLSelectElement>('mode').disabled = playing || state.arrange !== null;
  $('engine-row').hidden = state.mode === 'two' && !playing;
  // Stepping through the record cannot act while a hidden game is played.
  for (const id of ['first', 'prev', 'next', 'last']) $<HTMLButtonElement>(id).disabled = playing;
  $('info-state').textContent = playing && hv ? hv.infoState : '';
  const msg = $('hidden-message');
  if (playing && state.refusedMessage) {
    const i = hv ? hv.refused.indexOf(state.refusedMessage) : -1;
    const code = i >= 0 && hv ? hv.refusedReasons[i] : 'unknown';
    msg.textContent = `${t(state.lang, 'refused', state.refusedMessage)} ${t(state.lang, 'refusedWhy', t(state.lang, WHY[code] ?? 'whyUnknown'))}`;
    msg.dataset.reason = code;
    msg.dataset.refused = state.refusedMessage;
    msg.className = 'hidden-message refused';
  } else if (state.revealed) {
    msg.textContent = t(state.lang, 'revealed');
    delete msg.dataset.refused;
    delete msg.dataset.reason;
    msg.className = 'hidden-message revealed';
  } else if (playing && hv) {
    // One language: the kinds lost named as the notes name them (`took Army`, `lost Army`).
    const lost = hv.lost.length
      ? state.lang === 'en'
        ? hv.lost.map(englishOfChar).join(', ')
        : hv.lost.join('')
      : '–';
    msg.textContent = t(state.lang, 'hiddenTally', sideName(hv.side), hv.captured, lost);
    delete msg.dataset.refused;
    delete msg.dataset.reason;
    msg.className = 'hidden-message';
  } else {
    msg.textContent = '';
    delete msg.dataset.refused;
    delete msg.dataset.reason;
  }
}

/** The words for each refusal reason of `refusal_reason` (bindings/wasm/src/hidden.rs). */
const WHY: Record<string, Key> = {
  forfeit: 'whyForfeit',
  'fleet-missile': 'whyFleetMissile',
  'aircraft-missile': 'whyAircraftMissile',
  'facing-kings': 'whyFacing',
  'missile-walk': 'whyMissileWalk',
  unknown: 'whyUnknown',
};

/** A list of points for a sentence: `5d, 6c`, or the page's "none". */
function points(list: string[]): string {
  return list.length ? list.join(state.lang === 'zh' ? '、' : ', ') : t(state.lang, 'noSteps');
}

/** The warning of an attacked king (R-20) under the status, with R-22's rule; after a
 * trapped king's end, why (`#result-why`). */
function renderThreats(): void {
  const v = state.view;
  const threats: ThreatView[] = state.hidden ? [] : (v.threats ?? []);
  const el = $('threat');
  const why = $('result-why');
  why.hidden = true;
  why.textContent = '';
  if (v.outcome?.reason === 'trapped-king') {
    const th = threats.find((x) => x.side === v.turn);
    if (th) {
      why.textContent = t(state.lang, 'whyTrapped', sideName(v.turn), points(th.attackers), points(th.covered));
      why.hidden = false;
    }
  }
  if (v.outcome || !threats.length) {
    el.hidden = true;
    el.textContent = '';
    delete el.dataset.side;
    return;
  }
  const lines = threats.map((th) => {
    if (th.side !== v.turn) return t(state.lang, 'threatCapturable', sideName(th.side), points(th.attackers));
    const steps = [
      th.escapes.length ? t(state.lang, 'threatEscapes', points(th.escapes)) : t(state.lang, 'threatNoEscape'),
      th.covered.length ? t(state.lang, 'threatCovered', points(th.covered)) : '',
    ].filter(Boolean);
    return `${t(state.lang, 'threatKing', sideName(th.side), points(th.attackers))} ${steps.join(state.lang === 'zh' ? '；' : '; ')}`;
  });
  if (threats.some((th) => th.side === v.turn)) lines.push(t(state.lang, 'threatTrapWarn'));
  el.innerHTML = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  el.dataset.side = threats.map((th) => th.side).join(' ');
  el.hidden = false;
}

function renderStatus(): void {
  const v = state.view;
  const el = $('status');
  if (v.outcome) {
    const o = v.outcome;
    const head = o.winner ? `${sideName(o.winner)} ${t(state.lang, 'wins')}` : t(state.lang, 'draw');
    el.innerHTML = `<span id="result" data-winner="${o.winner ?? 'draw'}" data-reason="${o.reason}" data-result="${o.result}">${head} · ${reason(state.lang, o.reason)} (${o.result})</span>`;
    el.className = `status over ${o.winner ?? 'draw'}`;
    renderThreats();
    return;
  }
  const due = v.pending.some((p) => p.side === v.turn) ? ` · ${t(state.lang, 'returnDue')}` : '';
  el.innerHTML = `<span id="turn" data-turn="${v.turn}">${sideName(v.turn)} ${t(state.lang, 'toMove')}${due}</span>`;
  el.className = `status ${v.turn}`;
  renderThreats();
}

function refresh(): void {
  if (state.arrange) {
    refreshArrange();
    return;
  }
  if (state.hidden && state.hiddenView) {
    refreshHidden(state.hiddenView);
    return;
  }
  state.view = JSON.parse(state.game.view(state.ply)) as View;
  $('position').textContent = state.view.position;
  renderBoard();
  renderMoves();
  renderStatus();
  renderHiddenPanel();
}

/** The board of a hidden game from the person's view only: `#position` stays empty. */
function refreshHidden(hv: HiddenView): void {
  const asMove = (c: CandidateView): MoveView => ({
    ...c,
    simplified: '',
    traditional: '',
    side: hv.side,
  });
  state.view = {
    ply: hv.plies,
    plies: hv.plies,
    position: '',
    turn: hv.turn,
    pieces: hv.pieces,
    lastMove: hv.lastMove ? asMove(hv.lastMove) : null,
    pending: hv.pending,
    legal: hv.candidates.map(asMove),
    outcome: hv.outcome,
    node: 0,
    glyphs: [],
    comments: [],
  };
  $('position').textContent = '';
  renderBoard();
  renderHiddenMoves(hv);
  renderStatus();
  renderHiddenPanel();
}

const FORMATION = '9/3III3/9/1DA3AD1/FPMGKGMPF';

/** Start a hidden game: the person plays `side`, the engine the other. With "arrange mine
 * by hand" chosen, first the arrangement (`own`: the deployment arranged, once done). The
 * seed typed (or drawn) gives the person's own random deployment only: the engine's is drawn
 * in the hidden-game worker from a secret that never leaves it (issue 50 item 22). */
async function startHidden(own?: string): Promise<void> {
  const side = $<HTMLSelectElement>('hidden-side').value as Side;
  const choice = $<HTMLSelectElement>('hidden-deployment').value;
  if (choice === 'hand' && own === undefined) {
    startArrange(side);
    return;
  }
  const first = $<HTMLSelectElement>('hidden-first').value as Side;
  const seedText = $<HTMLInputElement>('hidden-seed').value.trim();
  const seed = seedText === '' ? (Math.random() * 2 ** 32) >>> 0 : Number(seedText) >>> 0;
  const formation = choice === 'formation';
  const mine = own ?? (formation ? FORMATION : randomDeployment(seed));
  const token = { game: ++hiddenGames };
  const a = await hiddenCall({ op: 'start', side, own: mine, enemy: formation ? 'formation' : 'random', first });
  if (token.game !== hiddenGames || !a.view) return; // another game was started meanwhile
  endArrange();
  dropHidden();
  state.hidden = token;
  state.hiddenView = JSON.parse(a.view) as HiddenView;
  // The players select keeps its choice (it is disabled while the hidden game is played).
  state.flipped = side === 'green'; // your own country at the bottom
  state.generation++;
  state.selected = null;
  state.thinking = false;
  $('engine-status').textContent = '';
  showError(null);
  showFeedback(null); // nothing of the game before stays on screen
  refresh();
  boardIntoView();
  askHiddenEngine();
}

/** Whether `token` is still the hidden game in play (an answer for an ended one is dropped). */
function current(token: { game: number } | null): token is { game: number } {
  return token !== null && state.hidden === token;
}

function startArrange(side: Side): void {
  dropHidden();
  state.generation++;
  state.thinking = false;
  state.arrange = { side, pieces: new Map() };
  state.flipped = side === 'green';
  state.selected = null;
  setArrangement(FORMATION);
  showFeedback(null);
  showError(null);
  $('arrange-panel').hidden = false;
  refreshArrange();
  boardIntoView();
}

function endArrange(): void {
  if (!state.arrange) return;
  state.arrange = null;
  state.selected = null;
  $('arrange-panel').hidden = true;
}

/** Put the deployment string `text` on the board as the arrangement; a string the
 * library refuses is shown with its reason and changes nothing. */
function setArrangement(text: string): boolean {
  const a = state.arrange;
  if (!a) return false;
  let list: { point: string; letter: string }[];
  try {
    checkTyped(a.side, text);
    list = JSON.parse(deploymentPoints(a.side, text)) as { point: string; letter: string }[];
  } catch (err) {
    showError(err);
    return false;
  }
  a.pieces = new Map(list.map((p) => [p.point, p.letter]));
  $<HTMLInputElement>('arrange-string').value = text.trim();
  showError(null);
  return true;
}

/** The words for a rule of R-32 the library found broken. */
function deploymentProblem(p: NonNullable<DeploymentCheck['problem']>): string {
  const keys: Record<string, Key> = {
    'outside-palace': 'deployOutsidePalace',
    'missile-off-land': 'deployMissileOffLand',
    'missile-beyond-back-ranks': 'deployMissileBack',
    'fleet-inland': 'deployFleetInland',
    'wrong-count': 'deployWrongCount',
    'two-on-one-point': 'deployTwo',
  };
  const info = KINDS.find((k) => k.kind === p.kind);
  const kind = info ? (state.lang === 'zh' ? info.fullSimplified.split(' ')[0] : info.english.toLowerCase()) : '';
  if (p.code === 'wrong-count' && p.count) return t(state.lang, 'deployCount', kind, p.count[0], p.count[1]);
  const key = keys[p.code];
  return key ? t(state.lang, key, kind, p.at ?? '') : p.message;
}

/** A typed deployment string of `side` checked by the library (`checkDeploymentString`): a
 * rule of R-32 it breaks is thrown in the page's words, with the side named (issue 50 item
 * 23: never the library's terse `2 division deployed, R-7 gives exactly 3`). A text that is
 * no deployment string at all keeps the library's sentence, which names its column. */
function checkTyped(side: Side, text: string): void {
  const check = JSON.parse(checkDeploymentString(side, text)) as DeploymentCheck;
  if (check.problem) throw new PageError(t(state.lang, 'deploySide', sideName(side), deploymentProblem(check.problem)));
}

/** Move the piece on `from` to `to` (swapping with a piece there) if the library finds the
 * result a legal deployment; otherwise refuse, saying which rule. */
function arrangeMove(from: string, to: string): void {
  const a = state.arrange;
  if (!a || from === to || !a.pieces.has(from)) return;
  const target = board.point(to);
  if (!target || target.country !== a.side) {
    showFeedback(t(state.lang, 'arrangeOutside'));
    return;
  }
  const next = new Map(a.pieces);
  const moving = next.get(from) as string;
  const other = next.get(to);
  next.delete(from);
  next.delete(to);
  next.set(to, moving);
  if (other) next.set(from, other);
  const check = JSON.parse(checkDeployment(a.side, JSON.stringify([...next]))) as DeploymentCheck;
  if (check.problem || !check.deployment) {
    const el = $('feedback');
    showFeedback(check.problem ? deploymentProblem(check.problem) : t(state.lang, 'whyUnknown'));
    el.dataset.code = check.problem?.code ?? '';
    return;
  }
  a.pieces = next;
  $<HTMLInputElement>('arrange-string').value = check.deployment;
  showFeedback(null);
}

function arrangeClick(label: string): void {
  const a = state.arrange;
  if (!a) return;
  if (state.selected && state.selected !== label) {
    const from = state.selected;
    state.selected = null;
    arrangeMove(from, label);
  } else {
    state.selected = state.selected === label || !a.pieces.has(label) ? null : label;
  }
  refreshArrange();
}

/** The board while arranging: one's own pieces only (the enemy deploys unseen, R-37). */
function refreshArrange(): void {
  const a = state.arrange;
  if (!a) return;
  const pieces: PieceView[] = [...a.pieces].map(([point, letter]) => {
    const info = KINDS.find((k) => k.letter === letter);
    const green = a.side === 'green';
    const king = letter === 'K' && green;
    return {
      point,
      letter: green ? letter.toLowerCase() : letter,
      side: a.side,
      kind: info?.kind ?? '',
      simplified: king ? '主' : (info?.simplified ?? letter),
      traditional: king ? '主' : (info?.traditional ?? letter),
    };
  });
  state.view = {
    ply: 0,
    plies: 0,
    node: 0,
    position: '',
    turn: a.side,
    pieces,
    lastMove: null,
    pending: [],
    legal: [],
    outcome: null,
    glyphs: [],
    comments: [],
  };
  renderBoard();
  $('status').innerHTML = `<span id="turn" data-turn="${a.side}">${escapeHtml(t(state.lang, 'deploymentHand'))} · ${escapeHtml(sideName(a.side))}</span>`;
  $('status').className = `status ${a.side}`;
  $('threat').hidden = true;
  $('result-why').hidden = true;
  $('moves').innerHTML = '';
  $('ply').textContent = '';
  renderHiddenPanel();
}

/** The person proposes `ascii` to the referee (in the worker): played, or refused with
 * nothing moved. No other proposal is taken while it is answered. */
async function propose(ascii: string): Promise<void> {
  const token = state.hidden;
  const hv = state.hiddenView;
  if (!token || !hv || state.thinking) return;
  state.thinking = true;
  state.selected = null;
  let a: HiddenAnswer;
  try {
    a = await hiddenCall({ op: 'propose', ascii });
  } finally {
    if (current(token)) state.thinking = false;
  }
  if (!current(token) || !a.view || !a.proposal) return;
  state.hiddenView = JSON.parse(a.view) as HiddenView;
  state.refusedMessage = a.proposal.played ? null : a.proposal.ascii;
  showError(null);
  await afterProposal(a.proposal);
}

async function afterProposal(answer: ProposalView): Promise<void> {
  if (answer.over) {
    await finishHidden();
    return;
  }
  refresh();
  if (answer.played) await askHiddenEngine();
}

/** The engine's turn: the worker gives the engine its own information state and plays its
 * proposals until the referee takes one; the page hears the person's view only. */
async function askHiddenEngine(): Promise<void> {
  const token = state.hidden;
  const hv = state.hiddenView;
  if (!token || !hv || hv.outcome || hv.turn === hv.side) return;
  state.thinking = true;
  $('engine-status').textContent = t(state.lang, 'thinking');
  let a: HiddenAnswer;
  try {
    a = await hiddenCall({ op: 'engine' });
  } finally {
    if (current(token)) {
      state.thinking = false;
      $('engine-status').textContent = '';
    }
  }
  if (!current(token) || !a.view || !a.proposal) return;
  state.hiddenView = JSON.parse(a.view) as HiddenView;
  if (a.engine) $('engine-name').textContent = a.engine;
  await afterProposal(a.proposal);
}

/** The end of a hidden game: the result with its reason, then the whole game, which
 * the worker gives only now. */
async function finishHidden(): Promise<void> {
  const token = state.hidden;
  if (!token) return;
  const a = await hiddenCall({ op: 'reveal' });
  if (!current(token) || a.text === undefined) return;
  setGame(Game.fromGameFile(a.text));
  state.revealed = true;
  renderHiddenPanel();
}

function maybeEngine(): void {
  if (state.hidden) return;
  const engine = engineSide();
  const v = state.view;
  if (!engine || v.outcome || v.turn !== engine || state.ply !== state.game.plies()) return;
  const req: EngineRequest = {
    id: state.generation,
    kind: 'open',
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
  if (state.hidden) return; // a hidden game's engine is the hidden-game worker's
  state.thinking = false;
  $('engine-status').textContent = '';
  // The game changed, or the person stepped back, while the engine thought: stepping to the
  // end asks again.
  if (id !== state.generation || state.ply !== state.game.plies()) return;
  if (error || !reply) {
    showError(error ?? 'no reply');
    return;
  }
  if (state.hidden) return;
  $('engine-name').textContent = reply.engine;
  if (reply.bestMove) play(reply.bestMove);
}

function relabel(): void {
  applyLabels(document, state.lang);
  $('legend').innerHTML = renderLegend(state.lang);
  $('how-to').innerHTML = renderHowTo(state.lang);
  $('board-key').innerHTML = board.key(state.lang);
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

function guarded(f: () => void | Promise<void>): () => void {
  return () => {
    try {
      f()?.catch(showError);
    } catch (err) {
      showError(err);
    }
  };
}

/** A piece being dragged: where from, where the pointer went down, whether it has moved. */
let drag: { from: string; x0: number; y0: number; active: boolean; pointerId: number } | null = null;
/** The click that ends a drag is not a click on a point. */
let suppressClick = false;

/** Drag-to-move, besides click-click: press on a piece that may move, drop it on a point. */
function wireDrag(el: HTMLElement): void {
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const label = (e.target as Element).closest('[data-point]')?.getAttribute('data-point');
    if (label && state.arrange) {
      if (state.arrange.pieces.has(label)) drag = { from: label, x0: e.clientX, y0: e.clientY, active: false, pointerId: e.pointerId };
      return;
    }
    if (!label || state.view.outcome || !humanMayMove()) return;
    if (!state.view.legal.some((m) => m.from === label)) return;
    drag = { from: label, x0: e.clientX, y0: e.clientY, active: false, pointerId: e.pointerId };
  });
  el.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (!drag.active) {
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 6) return;
      drag.active = true;
      state.selected = drag.from;
      renderBoard();
      el.setPointerCapture(e.pointerId);
    }
    const group = el.querySelector<SVGGElement>(`[data-point="${drag.from}"]`);
    const piece = group?.querySelector<SVGGElement>('.piece');
    const ctm = el.querySelector('svg')?.getScreenCTM();
    if (!group || !piece || !ctm) return;
    group.parentNode?.appendChild(group); // drawn above the other points
    piece.classList.add('dragging');
    piece.setAttribute('transform', `translate(${(e.clientX - drag.x0) / ctm.a},${(e.clientY - drag.y0) / ctm.d})`);
  });
  const end = (e: PointerEvent): void => {
    const d = drag;
    if (!d || e.pointerId !== d.pointerId) return;
    drag = null;
    if (!d.active) return; // a click: the click handler takes it
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    });
    const to = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-point]')?.getAttribute('data-point');
    if (state.arrange) {
      state.selected = null;
      if (to && e.type === 'pointerup') arrangeMove(d.from, to);
      refreshArrange();
      return;
    }
    const m = e.type === 'pointerup' ? state.view.legal.find((mv) => mv.from === d.from && mv.to === to) : undefined;
    if (!m && to && to !== d.from && !state.hidden) showFeedback(refusal(to));
    state.selected = null;
    if (m) play(m.ascii);
    else renderBoard(); // back to its point
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
}

/** Keyboard play: arrow keys move the focus over the points (as seen on screen), Enter or
 * Space clicks the focused point. */
function wireKeys(el: HTMLElement): void {
  el.addEventListener('keydown', (e) => {
    const here = board.point(state.focus);
    if (!here) return;
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      const sign = state.flipped ? -1 : 1;
      const next = board.labelAt(here.x + sign * step[0], here.y + sign * step[1]);
      if (next) focusPoint(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPointClick(state.focus);
      focusPoint(state.focus);
    }
  });
  el.addEventListener('focusin', (e) => {
    const label = (e.target as Element).closest?.('[data-point]')?.getAttribute('data-point');
    if (label && label !== state.focus) {
      state.focus = label;
      for (const g of el.querySelectorAll('[data-point]')) g.setAttribute('tabindex', g.getAttribute('data-point') === label ? '0' : '-1');
    }
  });
}

function focusPoint(label: string): void {
  state.focus = label;
  const el = $('board');
  for (const g of el.querySelectorAll('[data-point]')) g.setAttribute('tabindex', g.getAttribute('data-point') === label ? '0' : '-1');
  el.querySelector<SVGGElement>(`[data-point="${label}"]`)?.focus();
}

function wire(): void {
  wireDrag($('board'));
  wireKeys($('board'));
  $('board').addEventListener('click', (e) => {
    if (suppressClick) return;
    const el = (e.target as Element).closest('[data-point]');
    if (el) onPointClick(el.getAttribute('data-point') ?? '');
  });
  $('moves').addEventListener('click', (e) => {
    const alt = (e.target as Element).closest('[data-node]');
    if (alt) {
      selectNode(Number(alt.getAttribute('data-node')));
      return;
    }
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
    if ((e.target as Element).closest?.('#board')) return; // the board's own keys (wireKeys)
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
    setMode((e.target as HTMLSelectElement).value as Mode);
    renderBoard();
    state.generation++;
    maybeEngine();
  });
  // The first view's "how to start": a new game in the chosen mode.
  const startIn = (mode: Mode) =>
    guarded(() => {
      setMode(mode);
      setGame(new Game(''));
    });
  $('start-engine-red').addEventListener('click', startIn('red'));
  $('start-engine-green').addEventListener('click', startIn('green'));
  $('start-two').addEventListener('click', startIn('two'));
  $('arrange-random').addEventListener(
    'click',
    guarded(() => {
      setArrangement(randomDeployment((Math.random() * 2 ** 32) >>> 0));
      showFeedback(null);
      refreshArrange();
    }),
  );
  $('arrange-default').addEventListener(
    'click',
    guarded(() => {
      setArrangement(FORMATION);
      showFeedback(null);
      refreshArrange();
    }),
  );
  $('arrange-string').addEventListener(
    'change',
    guarded(() => {
      setArrangement($<HTMLInputElement>('arrange-string').value);
      refreshArrange();
    }),
  );
  $('arrange-cancel').addEventListener(
    'click',
    guarded(() => setGame(new Game(''))),
  );
  $('arrange-start').addEventListener(
    'click',
    guarded(() => {
      const a = state.arrange;
      if (!a) return;
      const text = $<HTMLInputElement>('arrange-string').value;
      if (!setArrangement(text)) return;
      return startHidden(text.trim());
    }),
  );
  $('new-game').addEventListener('click', guarded(() => setGame(new Game(''))));
  $('load-position').addEventListener(
    'click',
    guarded(() => setGame(new Game($<HTMLTextAreaElement>('position-input').value))),
  );
  $('load-deployment').addEventListener(
    'click',
    guarded(() => {
      checkTyped('red', $<HTMLInputElement>('red-deployment').value);
      checkTyped('green', $<HTMLInputElement>('green-deployment').value);
      const pos = positionFromDeployments(
        $<HTMLInputElement>('red-deployment').value,
        $<HTMLInputElement>('green-deployment').value,
        $<HTMLSelectElement>('first-mover').value,
      );
      setGame(new Game(pos));
      // 翻式's game is on the board: bring it back from the panel below (issue 50 item 20).
      boardIntoView();
    }),
  );
  // 翻式 is named in the start line: the link opens its panel.
  $('go-fanshi').addEventListener('click', () => {
    $<HTMLDetailsElement>('deployment-panel').open = true;
  });
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
    guarded(() => {
      setGame(Game.fromGameFile($<HTMLTextAreaElement>('gamefile-input').value), 0);
      boardIntoView();
    }),
  );
  $<HTMLInputElement>('gamefile-picker').addEventListener('change', async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await file.text();
    $<HTMLTextAreaElement>('gamefile-input').value = text;
    guarded(() => {
      setGame(Game.fromGameFile(text), 0);
      boardIntoView();
    })();
  });
  $('start-hidden').addEventListener(
    'click',
    guarded(() => startHidden()),
  );
  $('beliefs-toggle').addEventListener(
    'change',
    guarded(() => {
      renderBoard();
      renderHiddenPanel();
    }),
  );
  // Resigning asks first: one click on 认输 only asks to confirm.
  $('resign').addEventListener('click', () => {
    if (!state.hidden) return;
    state.confirmResign = true;
    renderHiddenPanel();
    $('resign-no').focus();
  });
  $('resign-no').addEventListener('click', () => {
    state.confirmResign = false;
    renderHiddenPanel();
  });
  $('resign-yes').addEventListener(
    'click',
    guarded(async () => {
      const token = state.hidden;
      if (!token) return;
      state.confirmResign = false;
      await hiddenCall({ op: 'resign' });
      if (current(token)) await finishHidden();
    }),
  );
  $('export').addEventListener(
    'click',
    guarded(() => {
      if (state.hidden) throw new PageError(t(state.lang, 'noExportHidden'));
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
