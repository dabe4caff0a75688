// The 四國軍棋 game's worker (L-40 … L-66): the referee (`siguo::dark::DarkGame`), the three
// hidden deployments and the three engine seats' agents live here, in Rust (`SgDarkGame`,
// bindings/wasm/src/sg), drawn from a secret of this worker's own (`crypto.getRandomValues`)
// that never leaves it. Every answer is Red's view (its own kinds; Blue's too under 雙明; all
// under 全明) and the referee's announcements; the referee's record (every kind) is given
// only once the game is over. The calls are the 陸戰棋 page's (../luzhanqi/rpc.ts).

import init, { SgDarkGame } from '../../pkg/gjjq_wasm.js';
import { secret, serve, type RpcAnswer } from '../luzhanqi/rpc';

/** What the page asks of the game. */
export type SgOp =
  | { op: 'start'; own: string; mode: string }
  | { op: 'play'; action: string }
  | { op: 'engine' }
  | { op: 'resign' }
  | { op: 'player-record' }
  | { op: 'referee-record' };

export type SgRequest = SgOp & { id: number };

export interface SgAnswer extends RpcAnswer {
  /** Red's view (JSON of `SgPlayerView`). */
  view?: string;
  /** For `engine`: who acted, with what, and the agent's nodes. */
  engine?: { seat: string | null; action: string | null; agent: string | null; nodes: number };
  /** For the records: the game file. */
  text?: string;
}

let game: SgDarkGame | null = null;

function answer(req: SgRequest): Omit<SgAnswer, 'id' | 'ms'> {
  if (req.op === 'start') {
    game?.free();
    game = new SgDarkGame(req.own, req.mode, secret());
    return { view: game.view() };
  }
  if (!game) throw new Error('no 四國 game started');
  switch (req.op) {
    case 'play':
      return { view: game.play(req.action) };
    case 'resign':
      return { view: game.resign() };
    case 'engine': {
      const reply = JSON.parse(game.engineMove()) as {
        seat: string | null;
        action: string | null;
        agent: string | null;
        nodes: number;
        view: unknown;
      };
      return {
        view: JSON.stringify(reply.view),
        engine: { seat: reply.seat, action: reply.action, agent: reply.agent, nodes: reply.nodes },
      };
    }
    case 'player-record':
      return { text: game.playerRecord() };
    case 'referee-record':
      return { text: game.refereeRecord() };
  }
}

serve(init(), answer);
