// The person's beliefs about the enemy pieces (the hidden game's "beliefs" toggle), computed
// off the page's thread: counting and replaying up to WEB_MAX_REPLAYS worlds can take a tenth
// of a second or more in the middle game. Like the engine's worker it is given an
// information-state string and nothing else; the referee stays on the page's side.

//
// The 陸戰棋 page's dark game (暗棋, L-31) uses the same worker with `game: 'luzhanqi'`: its
// beliefs come from `lzDarkBeliefs` and are answered as JSON text in `text`.

import init, { hiddenBeliefs, lzDarkBeliefs } from '../pkg/gjjq_wasm.js';
import type { BeliefsView } from './types';

/** One request: the person's information state, and the page's hidden game it belongs to. */
export interface BeliefsRequest {
  game: number;
  state: string;
  /** `luzhanqi` for a 陸戰棋 information state (L-31); 国际军棋 otherwise. */
  rules?: 'luzhanqi';
}

/** The answer: the beliefs (or the library's error) and how long they took, in ms. */
export interface BeliefsAnswer {
  game: number;
  state: string;
  view?: BeliefsView;
  /** The 陸戰棋 beliefs, JSON of `lzDarkBeliefs`. */
  text?: string;
  error?: string;
  ms: number;
}

const ready = init();

self.onmessage = async (event: MessageEvent<BeliefsRequest>) => {
  const { game, state, rules } = event.data;
  await ready;
  const t0 = performance.now();
  let answer: BeliefsAnswer;
  try {
    answer =
      rules === 'luzhanqi'
        ? { game, state, text: lzDarkBeliefs(state), ms: 0 }
        : { game, state, view: JSON.parse(hiddenBeliefs(state)) as BeliefsView, ms: 0 };
  } catch (err) {
    answer = { game, state, error: String(err), ms: 0 };
  }
  answer.ms = performance.now() - t0;
  self.postMessage(answer);
};
