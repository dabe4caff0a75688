// The calls between the 陸戰棋 page and a game's worker (the dark game's, the flip game's):
// the worker answers each request once the WASM module is ready, timed, a thrown error sent
// back as its message; the page makes the worker on first use and matches answers to calls
// by id. One helper for both games, so that they cannot drift apart.

/** A fresh 64-bit secret from the browser's cryptographic source, drawn in a worker and never
 * sent to the page: what the engine hides (its deployment, the flip deal) is drawn from it,
 * never from a seed the person can type or see (L-31, L-32). */
export function secret(): bigint {
  return crypto.getRandomValues(new BigUint64Array(1))[0];
}

/** What every answer holds besides the game's own fields. */
export interface RpcAnswer {
  id: number;
  /** The library's message, when the request failed. */
  error?: string;
  /** The time taken in the worker, ms. */
  ms: number;
}

/** The worker's side: each request answered by `answer` once `ready` has settled, one at a
 * time and in order (an answer may wait: a 四國 engine move waits for its seat's engine
 * worker, and the next request waits for it). */
export function serve<Req extends { id: number }, A extends object>(ready: Promise<unknown>, answer: (req: Req) => A | Promise<A>): void {
  let queue: Promise<unknown> = ready;
  self.onmessage = (event: MessageEvent<Req>) => {
    const req = event.data;
    queue = queue.then(async () => {
      const t0 = performance.now();
      let out: RpcAnswer & Partial<A>;
      try {
        out = { ...(await answer(req)), id: req.id, ms: 0 };
      } catch (err) {
        out = { id: req.id, error: String(err), ms: 0 } as RpcAnswer & Partial<A>;
      }
      out.ms = performance.now() - t0;
      self.postMessage(out);
    });
  };
}

/** The page's side: a function that sends an operation to the worker `make` creates (on the
 * first call) and resolves with its answer, or rejects with an Error carrying the library's
 * message. `onError` hears the worker's own failures (a script that does not load). */
export function client<Op extends object, A extends RpcAnswer>(make: () => Worker, onError: (message: string) => void): (op: Op) => Promise<A> {
  let worker: Worker | null = null;
  let calls = 0;
  const waiting = new Map<number, (a: A) => void>();
  return (op: Op) => {
    if (!worker) {
      worker = make();
      worker.onmessage = (e: MessageEvent<A>) => {
        const done = waiting.get(e.data.id);
        waiting.delete(e.data.id);
        done?.(e.data);
      };
      worker.onerror = (e) => onError(e.message);
    }
    const id = ++calls;
    const w = worker;
    return new Promise<A>((resolve, reject) => {
      waiting.set(id, (a) => (a.error ? reject(new Error(a.error)) : resolve(a)));
      w.postMessage({ ...op, id });
    });
  };
}
