// The 陸戰棋 board in SVG, drawn like `luzhanqi svg` (crates/luzhanqi/src/svg.rs): the same
// geometry (64 units between points, the mountains' gap between the fronts), railways thick
// with cross-ties, roads thin, camps as circles, headquarters as arches, pieces as tiles. The
// points, their kinds and the lines come from the library (`lzBoard`), not from the page.

import { KINDS, kindName, type Lang } from './text';

export interface LzPoint {
  label: string;
  file: number;
  rank: number;
  kind: 'station' | 'camp' | 'headquarters';
  railway: boolean;
  half: 'red' | 'blue';
}
export interface LzLine {
  a: string;
  b: string;
  railway: boolean;
}
export interface LzBoardData {
  points: LzPoint[];
  lines: LzLine[];
}

const STEP = 64;
const MARGIN = 48;
const GAP = 48;
export const WIDTH = 2 * MARGIN + 4 * STEP;
export const HEIGHT = 2 * MARGIN + 11 * STEP + GAP;
const NS = 'http://www.w3.org/2000/svg';

export interface DrawState {
  /** Letter by point (upper case Red, lower case Blue). */
  pieces: Map<string, string>;
  flipped: boolean;
  lang: Lang;
  selected: string | null;
  /** Destinations of the selected piece: point → attack. */
  dests: Map<string, boolean>;
  last: { from: string; to: string } | null;
  /** Points whose pieces may be picked up (drag or tap). */
  movable: Set<string>;
  /** Points to ring as refused (a deployment's problem). */
  marked: Set<string>;
  /** Dark play (L-31): the enemy pieces of unknown kind, point → side, drawn as backs. */
  unknown?: Map<string, 'red' | 'blue'>;
  /** Dark play with the beliefs toggle on: each unknown piece's kinds and probabilities. */
  beliefs?: Map<string, LzBelief> | null;
  /** Dark play: flag points the referee has shown (a field marshal removed, L-31). */
  flags?: Set<string>;
  /** Flip play (L-32): the face-down points, drawn as bare backs (no side, no kind). */
  down?: Set<string>;
  /** Flip play: the face-down points the person may flip now. */
  flippable?: Set<string>;
}

/** One enemy piece's belief (`lzDarkBeliefs`, bindings/wasm/src/lz/dark.rs `BeliefView`). */
export interface LzBelief {
  point: string;
  id: string;
  /** The most likely kind's letter (L-5). */
  letter: string;
  probability: number;
  /** `[letter, probability]` of every kind it may be. */
  kinds: [string, number][];
}

/** A probability as the page writes it: `62%`, `100%` only when certain, `<1%` below 1 %. */
export function percent(p: number): string {
  if (p >= 1) return '100%';
  if (p < 0.01) return '<1%';
  return `${Math.min(99, Math.round(p * 100))}%`;
}

export class LzBoard {
  readonly svg: SVGSVGElement;
  private readonly points: Map<string, LzPoint>;

  constructor(
    private readonly data: LzBoardData,
    host: HTMLElement,
  ) {
    this.points = new Map(data.points.map((p) => [p.label, p]));
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    this.svg.setAttribute('class', 'lz-svg');
    this.svg.setAttribute('role', 'grid');
    host.replaceChildren(this.svg);
  }

  xy(label: string, flipped: boolean): [number, number] {
    const p = this.points.get(label)!;
    let file = p.file;
    let rank = p.rank;
    if (flipped) {
      file = 4 - file;
      rank = 13 - rank;
    }
    let y = MARGIN + (12 - rank) * STEP;
    if (rank <= 6) y += GAP;
    return [MARGIN + file * STEP, y];
  }

  /** The point nearest to an SVG coordinate, within half a step. */
  nearest(x: number, y: number, flipped: boolean): string | null {
    let best: string | null = null;
    let dist = (STEP * 0.55) ** 2;
    for (const p of this.data.points) {
      const [px, py] = this.xy(p.label, flipped);
      const d = (px - x) ** 2 + (py - y) ** 2;
      if (d < dist) {
        dist = d;
        best = p.label;
      }
    }
    return best;
  }

  /** Client coordinates to SVG units. */
  toSvg(clientX: number, clientY: number): [number, number] {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const pt = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [pt.x, pt.y];
  }

  draw(s: DrawState): void {
    const out: string[] = [];
    out.push(`<rect class="lz-ground" width="${WIDTH}" height="${HEIGHT}" fill="#f3e6c4"/>`);
    const front = MARGIN + 5 * STEP;
    out.push(
      `<rect class="lz-mountains" x="0" y="${front + 6}" width="${WIDTH}" height="${STEP + GAP - 12}" fill="#e4d3a6"/>`,
    );
    const roads: string[] = [];
    const rails: string[] = [];
    for (const l of this.data.lines) {
      const [x1, y1] = this.xy(l.a, s.flipped);
      const [x2, y2] = this.xy(l.b, s.flipped);
      if (l.railway) {
        rails.push(
          `<line class="railway" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#222" stroke-width="6"/>` +
            `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#f3e6c4" stroke-width="2" stroke-dasharray="6 6"/>`,
        );
      } else {
        roads.push(
          `<line class="road" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#6b5b3e" stroke-width="1.5"/>`,
        );
      }
    }
    out.push(...roads, ...rails);
    for (const p of this.data.points) {
      const [x, y] = this.xy(p.label, s.flipped);
      const letter = s.pieces.get(p.label);
      const unknown = s.unknown?.get(p.label);
      const belief = unknown ? s.beliefs?.get(p.label) : undefined;
      const classes = ['lz-point', p.kind];
      if (s.movable.has(p.label)) classes.push('movable');
      if (s.flippable?.has(p.label)) classes.push('flippable');
      const down = s.down?.has(p.label) ?? false;
      if (s.dests.has(p.label)) classes.push('target');
      const name = unknown
        ? this.describeUnknown(p, unknown, belief, s.lang)
        : down
          ? this.describeDown(p, s.lang)
          : this.describe(p, letter, s.lang);
      out.push(
        `<g class="${classes.join(' ')}" data-point="${p.label}" role="gridcell" aria-label="${name}"><title>${name}</title>`,
      );
      out.push(`<circle class="hit" cx="${x}" cy="${y}" r="30" fill="transparent"/>`);
      if (p.kind === 'camp') {
        out.push(`<circle class="camp" cx="${x}" cy="${y}" r="22" fill="#f3e6c4" stroke="#6b5b3e" stroke-width="2"/>`);
      } else if (p.kind === 'headquarters') {
        out.push(
          `<path class="hq" d="M${x - 24} ${y + 15} V${y - 3} A24 18 0 0 1 ${x + 24} ${y - 3} V${y + 15} Z" fill="#f3e6c4" stroke="#6b5b3e" stroke-width="2"/>`,
        );
      } else {
        out.push(
          `<rect class="station" x="${x - 20}" y="${y - 13}" width="40" height="26" rx="3" fill="#f3e6c4" stroke="#6b5b3e" stroke-width="1.5"/>`,
        );
      }
      if (s.last && (s.last.from === p.label || s.last.to === p.label)) {
        out.push(
          `<rect class="last-move" x="${x - 27}" y="${y - 19}" width="54" height="38" rx="6" fill="none" stroke="#e0a800" stroke-width="4"/>`,
        );
      }
      if (letter) out.push(this.piece(x, y, letter, s));
      else if (unknown) out.push(this.back(x, y, unknown, belief, s.lang));
      else if (down) out.push(this.faceDown(x, y));
      if (s.flags?.has(p.label)) {
        out.push(
          `<circle class="flag-shown" cx="${x + 20}" cy="${y - 13}" r="7" fill="#e0a800" stroke="#fff" stroke-width="2"/>`,
        );
      }
      if (s.marked.has(p.label)) {
        out.push(
          `<rect class="refused-mark" x="${x - 28}" y="${y - 20}" width="56" height="40" rx="6" fill="none" stroke="#d01010" stroke-width="4" stroke-dasharray="7 4"/>`,
        );
      }
      if (s.dests.has(p.label)) {
        const attack = s.dests.get(p.label);
        out.push(
          attack
            ? `<circle class="lz-dest attack" data-dest="${p.label}" cx="${x}" cy="${y}" r="24" fill="none" stroke="#1f5fbf" stroke-width="4"/>`
            : `<circle class="lz-dest" data-dest="${p.label}" cx="${x}" cy="${y}" r="8" fill="#1f5fbf" opacity="0.8"/>`,
        );
      }
      out.push('</g>');
    }
    // File and rank labels along the edges.
    for (let f = 0; f < 5; f++) {
      const label = 'abcde'[f] + (s.flipped ? '12' : '1');
      const [x] = this.xy(label, s.flipped);
      out.push(`<text class="coord" x="${x}" y="${HEIGHT - 10}" text-anchor="middle" font-size="14" fill="#6b5b3e">${'abcde'[f]}</text>`);
    }
    for (let r = 1; r <= 12; r++) {
      const [, y] = this.xy(`a${r}`, s.flipped);
      out.push(`<text class="coord" x="8" y="${y + 5}" font-size="13" fill="#6b5b3e">${r}</text>`);
    }
    this.svg.innerHTML = out.join('');
  }

  private piece(x: number, y: number, letter: string, s: DrawState): string {
    const red = letter === letter.toUpperCase();
    const kind = KINDS[letter.toUpperCase()];
    const fill = red ? '#c0262d' : '#1f5fbf';
    const sel = s.selected && s.pieces.get(s.selected) === letter && this.isSelected(x, y, s);
    const glyph = kind ? kind.simp : '?';
    const en = s.lang === 'en' && kind ? `<text class="en-label" x="${x + 15}" y="${y - 4}" font-size="9" fill="#fff" text-anchor="middle">${letter.toUpperCase()}</text>` : '';
    return (
      `<g class="piece${sel ? ' selected' : ''}" data-piece="${letter}">` +
      `<rect x="${x - 22}" y="${y - 14}" width="44" height="28" rx="5" fill="${fill}" stroke="${sel ? '#f2d04b' : '#fff'}" stroke-width="${sel ? 4 : 2}"/>` +
      `<text x="${x}" y="${y + 7}" font-size="19" text-anchor="middle" fill="#fff" font-weight="bold">${glyph}</text>${en}</g>`
    );
  }

  /** An enemy piece of unknown kind (dark play): its back, in its side's colour; with the
   * beliefs on, the most likely kind and its probability (from the person's information
   * state, never from the true game). */
  private back(x: number, y: number, side: 'red' | 'blue', belief: LzBelief | undefined, lang: Lang): string {
    // The kind as the page's language writes it: its character in Chinese, its letter (L-5) in English.
    const kind = belief ? (lang === 'zh' ? (KINDS[belief.letter]?.simp ?? '') : belief.letter) : '';
    const fill = side === 'red' ? '#c0262d' : '#1f5fbf';
    const guess = belief
      ? `<text class="belief" x="${x}" y="${y + 5}" font-size="13" text-anchor="middle" fill="#fff">${kind}${percent(belief.probability)}</text>`
      : `<text x="${x}" y="${y + 7}" font-size="19" text-anchor="middle" fill="#fff" font-weight="bold">?</text>`;
    return (
      `<g class="piece back${belief ? ' believed' : ''}" data-piece="?" data-side="${side}">` +
      `<rect x="${x - 22}" y="${y - 14}" width="44" height="28" rx="5" fill="${fill}" fill-opacity="0.55" stroke="#fff" stroke-width="2" stroke-dasharray="4 2"/>` +
      `${guess}</g>`
    );
  }

  /** A face-down piece of flip play: its back only; nothing on the page says what it is, nor
   * whose (L-32: a flip decides). */
  private faceDown(x: number, y: number): string {
    return (
      `<g class="piece back down" data-piece="?">` +
      `<rect x="${x - 22}" y="${y - 14}" width="44" height="28" rx="5" fill="#7a6a48" stroke="#fff" stroke-width="2"/>` +
      `<text x="${x}" y="${y + 7}" font-size="19" text-anchor="middle" fill="#f3e6c4" font-weight="bold">?</text></g>`
    );
  }

  private describeDown(p: LzPoint, lang: Lang): string {
    const kinds = {
      station: lang === 'zh' ? '兵站' : 'station',
      camp: lang === 'zh' ? '行营' : 'camp',
      headquarters: lang === 'zh' ? '大本营' : 'headquarters',
    };
    const parts = [p.label, kinds[p.kind], lang === 'zh' ? '暗子' : 'face-down piece'];
    return parts.join(lang === 'zh' ? '，' : ', ');
  }

  private describeUnknown(p: LzPoint, side: 'red' | 'blue', belief: LzBelief | undefined, lang: Lang): string {
    const kinds = {
      station: lang === 'zh' ? '兵站' : 'station',
      camp: lang === 'zh' ? '行营' : 'camp',
      headquarters: lang === 'zh' ? '大本营' : 'headquarters',
    };
    const who = side === 'red' ? (lang === 'zh' ? '红' : 'Red') : lang === 'zh' ? '蓝' : 'Blue';
    const parts = [p.label, kinds[p.kind], `${who} ${lang === 'zh' ? '未知棋子' : 'unknown piece'}`];
    if (belief) {
      const list = belief.kinds
        .slice()
        .sort((a, b) => b[1] - a[1])
        .map(([k, q]) => `${kindName(lang, k)} ${percent(q)}`)
        .join(lang === 'zh' ? '、' : ', ');
      parts.push((lang === 'zh' ? '推测：' : 'beliefs: ') + list);
    }
    return parts.join(lang === 'zh' ? '，' : ', ');
  }

  private isSelected(x: number, y: number, s: DrawState): boolean {
    if (!s.selected) return false;
    const [sx, sy] = this.xy(s.selected, s.flipped);
    return sx === x && sy === y;
  }

  private describe(p: LzPoint, letter: string | undefined, lang: Lang): string {
    const kinds = {
      station: lang === 'zh' ? '兵站' : 'station',
      camp: lang === 'zh' ? '行营' : 'camp',
      headquarters: lang === 'zh' ? '大本营' : 'headquarters',
    };
    const parts = [p.label, kinds[p.kind]];
    if (p.railway) parts.push(lang === 'zh' ? '铁路' : 'railway');
    if (letter) {
      const side = letter === letter.toUpperCase() ? (lang === 'zh' ? '红' : 'Red') : lang === 'zh' ? '蓝' : 'Blue';
      parts.push(`${side} ${kindName(lang, letter)}`);
    }
    return parts.join(lang === 'zh' ? '，' : ', ');
  }
}
