// The 陸戰棋 dark game's worker (暗棋, L-31): the referee and the engine's dark agent live
// here, in Rust (`LzDarkGame`, bindings/wasm/src/lz/dark.rs), off the page's thread. Every
// answer is the person's view (its own pieces by kind, the enemy's as identities, the
// referee's announcements): the enemy's kinds never leave the WASM module before the end,
// when the referee's record (the true game) may be asked for. The calls are rpc.ts's.

import init, { LzDarkGame } from '../../pkg/gjjq_wasm.js';
import { secret, serve, type RpcAnswer } from './rpc';

/** What the page asks of the dark game. */
export type LzDarkOp =
  | { op: 'start'; own: string; side: string; first: string; agent: string }
  | { op: 'play'; ascii: string }
  | { op: 'resign' }
  | { op: 'engine' }
  | { op: 'player-record' }
  | { op: 'referee-record' };

export type LzDarkRequest = LzDarkOp & { id: number };

export interface LzDarkAnswer extends RpcAnswer {
  /** The person's view (JSON of `DarkPlayerView`). */
  view?: string;
  /** For `engine`: the move, the agent and its nodes. */
  engine?: { bestMove: string | null; agent: string; nodes: number };
  /** For the records: the game file. */
  text?: string;
}

let game: LzDarkGame | null = null;

function answer(req: LzDarkRequest): Omit<LzDarkAnswer, 'id' | 'ms'> {
  if (req.op === 'start') {
    game?.free();
    // The engine's deployment and its agent's draws come from a secret of this worker's own,
    // never from the page's seed (which the person types, and which 随机布阵 uses).
    game = new LzDarkGame(req.own, req.side, req.first, req.agent, secret());
    return { view: game.view() };
  }
  if (!game) throw new Error('no dark game started');
  switch (req.op) {
    case 'play':
      return { view: game.play(req.ascii) };
    case 'resign':
      return { view: game.resign() };
    case 'engine': {
      // The reply's view is passed on as it came; only the move's summary is read here.
      const reply = JSON.parse(game.engineMove()) as { bestMove: string | null; agent: string; nodes: number; view: unknown };
      return { view: JSON.stringify(reply.view), engine: { bestMove: reply.bestMove, agent: reply.agent, nodes: reply.nodes } };
    }
    case 'player-record':
      return { text: game.playerRecord() };
    case 'referee-record':
      return { text: game.refereeRecord() };
  }
}

serve(init(), answer);
