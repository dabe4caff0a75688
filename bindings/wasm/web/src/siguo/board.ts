// The 四國 cross board in SVG, drawn like `siguo svg` (crates/siguo/src/svg.rs): roads thin,
// railways and the four corner arcs thick, the 九宮 shaded, camps as circles, headquarters as
// squares, pieces as tiles in their seat's colour. The points, their kinds, the lines (which
// of them are arcs) and the 九宮 come from the library (`sgBoard`), not from the page. Red
// (south, the person's seat) is at the bottom.
//
// A piece whose kind the person does not know is drawn as a blank tile with no kind in the
// DOM at all (no text, no attribute): the page is given no such kind to draw.

import { KINDS } from '../luzhanqi/text';

export interface SgPoint {
  label: string;
  file: number;
  rank: number;
  kind: 'station' | 'camp' | 'headquarters';
  railway: boolean;
  half: string | null;
}
export interface SgLine {
  a: string;
  b: string;
  railway: boolean;
  arc: boolean;
}
export interface SgBoardData {
  points: SgPoint[];
  lines: SgLine[];
  palace: string[];
  headquarters: string[];
}
/** A piece to draw: `letter` only when the person knows its kind. */
export interface SgPiece {
  point: string;
  seat: string;
  letter: string | null;
}
export interface SgDraw {
  pieces: SgPiece[];
  selected: string | null;
  /** Points to mark as destinations (attack or not). */
  dests: Map<string, boolean>;
  /** Points to mark as refused (a deployment problem). */
  marked: Set<string>;
  /** The last action's origin and destination. */
  last: [string, string] | null;
  /** Flag points shown (L-63), by point: whose flag. */
  flags: Map<string, string>;
  /** Seats out (their pieces greyed, if left on the board). */
  out: Set<string>;
}

const STEP = 40;
const MARGIN = 24;
export const SIZE = 2 * MARGIN + 16 * STEP;
const NS = 'http://www.w3.org/2000/svg';
export const SEAT_COLOUR: Record<string, string> = {
  red: '#c62828',
  green: '#2e7d32',
  blue: '#1565c0',
  yellow: '#b8860b',
};

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export class SgBoard {
  readonly svg: SVGSVGElement;
  private readonly at = new Map<string, [number, number]>();
  private readonly pieceLayer: SVGGElement;
  private readonly markLayer: SVGGElement;
  /** Called with a point on tap, and with (from, to) when a piece is dragged to a point. */
  onTap: (point: string) => void = () => {};
  onDrag: (from: string, to: string) => void = () => {};

  constructor(data: SgBoardData, host: HTMLElement) {
    for (const p of data.points) this.at.set(p.label, [MARGIN + (p.file - 1) * STEP, MARGIN + (17 - p.rank) * STEP]);
    const svg = el('svg', { viewBox: `0 0 ${SIZE} ${SIZE}`, class: 'sg-svg', role: 'img', 'aria-label': '四国军棋棋盘' });
    svg.append(el('rect', { width: SIZE, height: SIZE, fill: '#f5e6c8' }));
    // The 九宮 (L-44), shaded over its points' extent.
    const pal = data.palace.map((l) => this.xy(l));
    const xs = pal.map((p) => p[0]);
    const ys = pal.map((p) => p[1]);
    svg.append(
      el('rect', {
        x: Math.min(...xs),
        y: Math.min(...ys),
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
        fill: '#ead2a4',
        class: 'sg-palace',
      }),
    );
    const lines = el('g', { stroke: '#333', fill: 'none' });
    for (const l of data.lines) {
      const [x1, y1] = this.xy(l.a);
      const [x2, y2] = this.xy(l.b);
      const width = l.railway ? 3.5 : 1;
      if (l.arc) {
        // A corner arc: a quarter turn around the cross's inner corner between the two ends.
        lines.append(el('path', { d: `M${x1},${y1} A${STEP},${STEP} 0 0 ${this.sweep(x1, y1, x2, y2)} ${x2},${y2}`, 'stroke-width': width, class: 'sg-arc' }));
      } else {
        lines.append(el('line', { x1, y1, x2, y2, 'stroke-width': width }));
      }
    }
    svg.append(lines);
    const points = el('g', {});
    for (const p of data.points) {
      const [x, y] = this.xy(p.label);
      if (p.kind === 'camp') points.append(el('circle', { cx: x, cy: y, r: 12, fill: '#f5e6c8', stroke: '#333' }));
      else if (p.kind === 'headquarters') points.append(el('rect', { x: x - 12, y: y - 12, width: 24, height: 24, fill: '#f5e6c8', stroke: '#333' }));
      else points.append(el('circle', { cx: x, cy: y, r: 2.5, fill: '#333' }));
    }
    svg.append(points);
    this.markLayer = el('g', {});
    this.pieceLayer = el('g', {});
    svg.append(this.markLayer, this.pieceLayer);
    // Hit targets on every point, on top: taps and drags land on points, not on pieces.
    const hits = el('g', { class: 'sg-hits' });
    for (const p of data.points) {
      const [x, y] = this.xy(p.label);
      hits.append(el('rect', { x: x - STEP / 2, y: y - STEP / 2, width: STEP, height: STEP, fill: 'transparent', 'data-hit': p.label }));
    }
    svg.append(hits);
    this.svg = svg;
    host.replaceChildren(svg);
    this.wirePointer();
  }

  private xy(label: string): [number, number] {
    const p = this.at.get(label);
    if (!p) throw new Error(`no point ${label}`);
    return p;
  }

  /** The sweep flag that bends the arc away from the board's centre. */
  private sweep(x1: number, y1: number, x2: number, y2: number): number {
    const c = SIZE / 2;
    const cross = (x2 - x1) * (c - y1) - (y2 - y1) * (c - x1);
    return cross > 0 ? 0 : 1;
  }

  private pointAt(clientX: number, clientY: number): string | null {
    const hit = document.elementFromPoint(clientX, clientY);
    return hit instanceof SVGElement ? (hit.getAttribute('data-hit') ?? null) : null;
  }

  private wirePointer(): void {
    let from: string | null = null;
    this.svg.addEventListener('pointerdown', (e) => {
      from = this.pointAt(e.clientX, e.clientY);
      if (from) e.preventDefault();
    });
    this.svg.addEventListener('pointerup', (e) => {
      const to = this.pointAt(e.clientX, e.clientY);
      const start = from;
      from = null;
      if (!to || !start) return;
      if (to === start) this.onTap(to);
      else this.onDrag(start, to);
    });
  }

  draw(d: SgDraw): void {
    const marks: SVGElement[] = [];
    if (d.last) {
      for (const p of d.last) {
        const [x, y] = this.xy(p);
        marks.push(el('rect', { x: x - 17, y: y - 13, width: 34, height: 26, rx: 5, fill: 'none', stroke: '#ff9800', 'stroke-width': 3 }));
      }
    }
    for (const [p, attack] of d.dests) {
      const [x, y] = this.xy(p);
      marks.push(el('circle', { cx: x, cy: y, r: attack ? 15 : 7, fill: attack ? 'none' : '#43a047', stroke: attack ? '#e53935' : 'none', 'stroke-width': 3, class: 'sg-dest', 'data-dest': p }));
    }
    for (const p of d.marked) {
      const [x, y] = this.xy(p);
      marks.push(el('circle', { cx: x, cy: y, r: 17, fill: 'none', stroke: '#d50000', 'stroke-width': 3, 'stroke-dasharray': '4 3', class: 'sg-marked' }));
    }
    this.markLayer.replaceChildren(...marks);
    const tiles: SVGElement[] = [];
    for (const pc of d.pieces) {
      const [x, y] = this.xy(pc.point);
      const g = el('g', { class: 'sg-piece', 'data-point': pc.point, 'data-seat': pc.seat });
      if (pc.letter) g.setAttribute('data-kind', pc.letter.toUpperCase());
      if (d.selected === pc.point) g.classList.add('selected');
      const fill = d.out.has(pc.seat) ? '#888' : SEAT_COLOUR[pc.seat] ?? '#888';
      g.append(el('rect', { x: x - 16, y: y - 12, width: 32, height: 24, rx: 4, fill, stroke: d.selected === pc.point ? '#000' : '#fff', 'stroke-width': d.selected === pc.point ? 3 : 1 }));
      if (pc.letter) {
        const t = el('text', { x, y: y + 6, 'font-size': 17, 'text-anchor': 'middle', fill: '#fff' });
        t.textContent = KINDS[pc.letter.toUpperCase()]?.simp ?? '?';
        g.append(t);
      }
      if (d.flags.get(pc.point) === pc.seat) g.classList.add('flag-shown');
      tiles.push(g);
    }
    this.pieceLayer.replaceChildren(...tiles);
  }
}
