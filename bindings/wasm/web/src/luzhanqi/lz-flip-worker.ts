// The 陸戰棋 flip game's worker (翻棋, L-32): the game, the deal of the face-down pieces and
// the engine's flip agent live here, in Rust (`LzFlipGame`, bindings/wasm/src/lz/flip.rs),
// off the page's thread. Every answer is a view that names no face-down piece's kind: what
// lies under a face-down point never leaves the WASM module until it is flipped. The calls
// are rpc.ts's, as the dark game's.

import init, { LzFlipGame } from '../../pkg/gjjq_wasm.js';
import { secret, serve, type RpcAnswer } from './rpc';

/** What the page asks of the flip game. */
export type LzFlipOp =
  | { op: 'start'; player: string; agent: string }
  | { op: 'play'; action: string }
  | { op: 'engine' }
  | { op: 'resign' }
  | { op: 'record' };

export type LzFlipRequest = LzFlipOp & { id: number };

export interface LzFlipAnswer extends RpcAnswer {
  /** The view after the request (JSON of `FlipView`). */
  view?: string;
  /** For `engine`: the action, the agent, its depth and nodes. */
  engine?: { action: string | null; agent: string; depth: number; nodes: number };
  /** For `record`: the flip game file. */
  text?: string;
  /** For `resign`: the end (JSON `{winner, reason: "resignation", result}`). */
  outcome?: string;
}

let game: LzFlipGame | null = null;

function answer(req: LzFlipRequest): Omit<LzFlipAnswer, 'id' | 'ms'> {
  if (req.op === 'start') {
    game?.free();
    // The deal comes from a secret of this worker's own, never from the page's seed.
    game = new LzFlipGame(req.player, req.agent, secret());
    return { view: game.view(game.plies()) };
  }
  if (!game) throw new Error('no flip game started');
  switch (req.op) {
    case 'play':
      return { view: game.play(req.action) };
    case 'engine': {
      const reply = JSON.parse(game.engineMove()) as { action: string | null; agent: string; depth: number; nodes: number; view: unknown };
      return { view: JSON.stringify(reply.view), engine: { action: reply.action, agent: reply.agent, depth: reply.depth, nodes: reply.nodes } };
    }
    case 'resign':
      return { outcome: game.resign() };
    case 'record':
      return { text: game.gameFile() };
  }
}

serve(init(), answer);
