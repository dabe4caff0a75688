// The 陸戰棋 page's words, in Chinese and English. The page follows the language the
// 国际军棋 page sets on <html lang> (its language button), so one button serves both games.

export type Lang = 'zh' | 'en';

export function pageLang(): Lang {
  return document.documentElement.lang.startsWith('en') ? 'en' : 'zh';
}

/** Each kind by its letter (L-5): simplified and traditional character, Chinese and English name. */
export const KINDS: Record<string, { simp: string; trad: string; zh: string; en: string }> = {
  S: { simp: '司', trad: '司', zh: '司令', en: 'field marshal' },
  J: { simp: '军', trad: '軍', zh: '军长', en: 'general' },
  D: { simp: '师', trad: '師', zh: '师长', en: 'division commander' },
  B: { simp: '旅', trad: '旅', zh: '旅长', en: 'brigade commander' },
  T: { simp: '团', trad: '團', zh: '团长', en: 'regiment commander' },
  Y: { simp: '营', trad: '營', zh: '营长', en: 'battalion commander' },
  C: { simp: '连', trad: '連', zh: '连长', en: 'company commander' },
  P: { simp: '排', trad: '排', zh: '排长', en: 'platoon commander' },
  E: { simp: '工', trad: '工', zh: '工兵', en: 'engineer' },
  Z: { simp: '炸', trad: '炸', zh: '炸弹', en: 'bomb' },
  L: { simp: '雷', trad: '雷', zh: '地雷', en: 'landmine' },
  F: { simp: '旗', trad: '旗', zh: '军旗', en: 'flag' },
};

export function kindName(lang: Lang, letter: string): string {
  const k = KINDS[letter.toUpperCase()];
  return k ? k[lang] : letter;
}

const TEXT = {
  title: { zh: '陆战棋', en: 'Luzhanqi' },
  game: { zh: '棋种', en: 'Game' },
  gjjq: { zh: '国际军棋', en: 'International Military Chess' },
  gjjqTitle: { zh: '国际军棋', en: 'International Military Chess' },
  luzhanqi: { zh: '陆战棋', en: 'Luzhanqi (陸戰棋)' },
  side: { zh: '我执', en: 'I play' },
  red: { zh: '红方', en: 'Red' },
  blue: { zh: '蓝方', en: 'Blue' },
  first: { zh: '先走', en: 'First' },
  agent: { zh: '对手', en: 'Opponent' },
  agentSearch: { zh: '搜索（最强）', en: 'search (strongest)' },
  agentHeuristic: { zh: '启发式', en: 'heuristic' },
  agentRandom: { zh: '随机', en: 'random' },
  mode: { zh: '玩法', en: 'Mode' },
  modeOpenShort: { zh: '明棋', en: 'Open (明棋)' },
  modeDarkShort: { zh: '暗棋（裁判）', en: 'Dark (暗棋, referee)' },
  modeFlipShort: { zh: '翻棋', en: 'Flip (翻棋)' },
  modeFlip: {
    zh: '翻棋：五十枚棋子全部背面朝上随机摆放；每步翻开一枚或走一枚己方明子；第一翻翻出的颜色就是翻者的颜色（L-32）',
    en: 'Flip play: all fifty pieces start face down, shuffled; a turn flips one or moves one of your face-up pieces; the colour of the first piece flipped is its flipper’s (L-32)',
  },
  order: { zh: '我', en: 'I act' },
  orderFirst: { zh: '先手（先翻）', en: 'first (flip first)' },
  orderSecond: { zh: '后手', en: 'second' },
  agentFlipSearch: { zh: '期望搜索（最强）', en: 'expectimax search (strongest)' },
  flipUnsettled: {
    zh: '颜色未定：第一翻定色。点一枚暗子翻开（L-32）',
    en: 'Colours not settled: the first flip settles them. Tap a face-down piece to flip it (L-32)',
  },
  flipColours: { zh: '你执{0}，引擎执{1}（L-32）', en: 'You play {0}, the engine {1} (L-32)' },
  flipFirstColour: { zh: '先手执{0}（L-32）', en: 'The first player plays {0} (L-32)' },
  flipYourFlip: { zh: '轮到你翻棋', en: 'Your turn: flip a piece' },
  flipFirstToAct: { zh: '先手行棋', en: 'The first player to act' },
  flipSecondToAct: { zh: '后手行棋', en: 'The second player to act' },
  flipReview: { zh: '复盘本局', en: 'Review this game' },
  newFlipGame: { zh: '新对局', en: 'New game' },
  modeDark: {
    zh: '暗棋：只看得见己方棋子；敌子只知位置，裁判只宣布着法、交战结果（谁被吃）和司令阵亡时的军旗位置（L-31）',
    en: 'Dark play: you see your own pieces only; of the enemy you know where each piece stands, and the referee announces each move, who a fight removed and, when a field marshal falls, its flag point (L-31)',
  },
  agentIsmcts: { zh: '信息集蒙特卡洛（最强）', en: 'information-set MCTS (strongest)' },
  agentDeterminized: { zh: '确定化搜索', en: 'determinized search' },
  darkEngineLine: { zh: '引擎：{0}，{1}', en: 'Engine: {0}, {1}' },
  nodes: { zh: '{0} 个节点', en: '{0} nodes' },
  node1: { zh: '{0} 个节点', en: '{0} node' },
  beliefs: { zh: '显示敌子推测', en: 'Show beliefs about enemy pieces' },
  beliefsComputing: { zh: '推测计算中…', en: 'computing beliefs…' },
  beliefsExact: {
    zh: '每个敌子最可能的兵种及其概率：在与裁判宣布相符的所有布阵中精确计数（L-31）',
    en: 'Each enemy piece’s most likely kind and its probability: counted exactly over every deployment consistent with the announcements (L-31)',
  },
  beliefsApprox: {
    zh: '每个敌子最可能的兵种及其概率（≈：由抽样估计）',
    en: 'Each enemy piece’s most likely kind and its probability (≈: estimated from drawn worlds)',
  },
  reveal: { zh: '揭示真实对局（复盘）', en: 'Reveal the true game (review)' },
  referee: { zh: '裁判', en: 'Referee' },
  flagShown: { zh: '{0}军旗在 {1}', en: '{0} flag on {1}' },
  darkHelp: {
    zh: '敌子显示为背面“?”。点一枚己方棋子再点目的地；攻击未知棋子后裁判只宣布结果。',
    en: 'Enemy pieces show their backs (?). Tap one of your pieces, then its destination; after an attack the referee announces only who was removed.',
  },
  modeOpen: { zh: '明棋：双方棋子都看得见（L-30）', en: 'Open play: every piece is seen by both sides (L-30)' },
  seed: { zh: '种子', en: 'Seed' },
  deployHelp: {
    zh: '布阵：拖动己方棋子（或先点一子再点一点）与另一子交换位置。军旗须在大本营，地雷只能在最后两排，炸弹不能在第一排，行营开局须空着（L-17）。对手随机布阵。',
    en: 'Deploy: drag one of your pieces (or tap it, then a point) to swap it with another. The flag stands on a headquarters, landmines only on the back two rows, bombs never on the front row, camps start empty (L-17). The engine deploys at random.',
  },
  deployRandom: { zh: '随机布阵', en: 'Random deployment' },
  deployDefault: { zh: '默认布阵', en: 'Default deployment' },
  deployString: { zh: '我方布阵串（L-19，可直接输入）', en: 'My deployment string (L-19, may be typed)' },
  start: { zh: '开始对局', en: 'Start the game' },
  newGame: { zh: '重新布阵', en: 'New game' },
  moves: { zh: '着法', en: 'Moves' },
  position: { zh: '局面串', en: 'Position string' },
  gameFile: { zh: '棋谱（复盘）', en: 'Game file (review)' },
  loadGameFile: { zh: '载入棋谱', en: 'Load game file' },
  chooseFile: { zh: '选择文件', en: 'Choose a file' },
  exportGame: { zh: '导出棋谱', en: 'Export game file' },
  toMove: { zh: '{0}走棋', en: '{0} to move' },
  yourMove: { zh: '轮到你（{0}）走棋', en: 'Your move ({0})' },
  thinking: { zh: '引擎思考中…', en: 'The engine is thinking…' },
  engineLine: { zh: '引擎：{0}，{1} 层，{2}', en: 'Engine: {0}, depth {1}, {2}' },
  deploying: { zh: '布阵中（{0}）', en: 'Deploying ({0})' },
  reviewing: { zh: '复盘：第 {0} / {1} 步', en: 'Review: ply {0} of {1}' },
  wins: { zh: '{0} 胜 · {1}（{2}）', en: '{0} wins · {1} ({2})' },
  draw: { zh: '和棋 · {0}（{1}）', en: 'Draw · {0} ({1})' },
  error: { zh: '错误', en: 'Error' },
  notYours: { zh: '{0}：不是你的棋子，只能走己方棋子（L-6）', en: '{0}: not your piece; you move your own pieces only (L-6)' },
  noPiece: { zh: '{0}：这里没有棋子（L-6）', en: '{0}: no piece there (L-6)' },
  immobile: { zh: '{0}：{1}不能移动（L-6）', en: '{0}: a {1} never moves (L-6)' },
  hqLocked: { zh: '{0}：大本营里的棋子不能再移动（L-10）', en: '{0}: a piece on a headquarters never moves again (L-10)' },
  noMoves: { zh: '{0}：这枚棋子现在无路可走（走法：L-7～L-10）', en: '{0}: this piece has no legal move now (moves: L-7 … L-10)' },
  noMoveThere: {
    zh: '{0} 走不到 {1}（公路一步 L-7，铁路直行 L-8，工兵转弯 L-9，行营里的子不能吃 L-10）',
    en: '{0} cannot reach {1} (one step by road L-7, straight along a railway L-8, engineers turn L-9, no attack into a camp L-10)',
  },
  notYourTurn: { zh: '还没轮到你（双方轮流走，L-6）', en: 'Not your turn (the sides alternate, L-6)' },
  reviewOnly: { zh: '复盘中：用 « ‹ › » 逐步查看', en: 'Reviewing: step with « ‹ › »' },
  deployOk: { zh: '布阵合法', en: 'A legal deployment' },
  refused: { zh: '不能这样布阵：', en: 'Refused: ' },
  'outside-half': { zh: '{0} 不在己方半边，只能布在己方的点上（L-17）', en: '{0} is not in your half: deploy on your own points (L-17)' },
  camp: { zh: '{0} 是行营，行营开局须空着（L-17）', en: '{0} is a camp: camps start empty (L-17)' },
  'two-on-one-point': { zh: '{0} 上已有棋子', en: '{0} already holds a piece' },
  'wrong-count': { zh: '{1}有 {2} 个，应为 {3} 个（L-5）', en: '{1}: {2} placed, {3} wanted (L-5)' },
  'flag-off-headquarters': {
    zh: '军旗只能放在大本营（{4}），{0} 不是大本营（L-17）',
    en: 'the flag must stand on a headquarters ({4}); {0} is not one (L-17)',
  },
  'mine-off-back-rows': {
    zh: '地雷只能放在最后两排，{0} 不在最后两排（L-17）',
    en: 'landmines stand only on the back two rows; {0} is not on them (L-17)',
  },
  'bomb-on-front-row': {
    zh: '炸弹不能放在第一排，{0} 在第一排（L-17）',
    en: 'a bomb never stands on the front row; {0} is on it (L-17)',
  },
  other: { zh: '布阵不合法（L-17）', en: 'not a legal deployment (L-17)' },
  'flag-captured': { zh: '扛旗', en: 'flag captured' },
  'no-move': { zh: '无棋可走', en: 'no legal move' },
  'no-movable-pieces': { zh: '双方都无可动之子', en: 'neither side can move' },
  'no-combat-limit': { zh: '连续 70 步无交战', en: '70 plies without an attack' },
  repetition: { zh: '局面重复', en: 'repetition' },
  'defender-removed': { zh: '吃', en: 'took' },
  'attacker-removed': { zh: '撞死', en: 'lost' },
  'both-removed': { zh: '同归于尽', en: 'both removed' },
  ply: { zh: '第 {0} 步', en: 'ply {0}' },
  start0: { zh: '开局', en: 'Start position' },
  resign: { zh: '认输', en: 'Resign' },
  resignSure: { zh: '确定认输？对局将结束。', en: 'Resign? The game ends.' },
  resignYes: { zh: '认输', en: 'Resign' },
  resignNo: { zh: '继续下', en: 'Play on' },
  newSure: { zh: '放弃这局、重新布阵？', en: 'Abandon this game for a new one?' },
  newYes: { zh: '放弃并重新布阵', en: 'Abandon it' },
  resignation: { zh: '认输', en: 'resignation' },
  resignedUnsettled: { zh: '你认输（颜色未定）', en: 'You resigned (colours not settled)' },
  flipReady: { zh: '翻棋：不用布阵，点「开始对局」', en: 'Flip play: nothing to deploy; press Start the game' },
  goControls: { zh: '布阵与开始在棋盘下方 ↓', en: 'Deployment and Start are below the board ↓' },
  howTo: { zh: '怎么下', en: 'How to play' },
  howToGoal: {
    zh: '目标：扛走对方的军旗（L-13），或让对方无棋可走（L-14）。连续 70 步无交战为和棋（L-15）。',
    en: 'The aim: capture the enemy flag (L-13), or leave the enemy with no legal move (L-14). Seventy plies without an attack draw the game (L-15).',
  },
  howToMove: {
    zh: '走棋：双方轮流走一枚己方棋子（L-6）。沿公路（细线）一次走一步（L-7）。地雷和军旗不能动；进了大本营的棋子不能再动（L-6、L-10）。',
    en: 'Moves: the sides alternate, one own piece a turn (L-6). Along a road (thin line) a piece steps one point (L-7). Landmines and the flag never move; a piece on a headquarters never moves again (L-6, L-10).',
  },
  howToRailway: {
    zh: '铁路（粗线）：在铁路上没有阻挡时可沿一条直线走任意远，不能拐弯（L-8）。',
    en: 'Railways (thick lines): a piece runs any distance along one straight railway line over empty points, never turning (L-8).',
  },
  howToEngineer: {
    zh: '工兵：在铁路上可以拐弯，走遍所有连通的空铁路点（L-9）；工兵是唯一能挖掉地雷的棋子（L-11）。',
    en: 'Engineers turn at railway junctions and reach every connected empty railway point (L-9); an engineer is the only piece that clears a landmine (L-11).',
  },
  howToCamp: {
    zh: '行营（圆圈）：空着时可进入，里面的棋子不能被吃（L-10）；开局时行营是空的（L-17）。',
    en: 'Camps (circles): enter one when empty; a piece in a camp cannot be attacked (L-10). Camps start empty (L-17).',
  },
  howToAttack: {
    zh: '交战：走到敌子上就是攻击。大吃小，同级同归于尽；炸弹与任何棋子同归于尽；撞上地雷的（工兵除外）被炸掉；任何棋子都能扛旗（L-11、L-12）。',
    en: 'Attacks: moving onto an enemy piece attacks it. The higher rank stays, equal ranks both go; a bomb and whatever it meets both go; a piece that hits a landmine is removed, unless it is an engineer; any piece may take the flag (L-11, L-12).',
  },
  howToEnd: {
    zh: '点（或拖动）己方棋子，再点一个圆点走过去；圆环表示攻击。每次被拒都说明原因和规则编号。',
    en: 'Tap (or drag) one of your pieces, then a dot to move there; a ring is an attack. Every refusal says why, with its rule.',
  },
  legend: { zh: '棋子', en: 'Pieces' },
  legendPiece: { zh: '棋子', en: 'Piece' },
  legendCount: { zh: '数量', en: 'Count' },
  legendWhat: { zh: '作用（L-5、L-11）', en: 'What it does (L-5, L-11)' },
  kindS: { zh: '最大（9 级），只怕炸弹和地雷；阵亡后己方军旗位置公开（暗棋 L-31）', en: 'Highest rank (9); only bombs and landmines stop it; when it falls in dark play its flag is shown (L-31)' },
  kindJ: { zh: '8 级', en: 'Rank 8' },
  kindD: { zh: '7 级', en: 'Rank 7' },
  kindB: { zh: '6 级', en: 'Rank 6' },
  kindT: { zh: '5 级', en: 'Rank 5' },
  kindY: { zh: '4 级', en: 'Rank 4' },
  kindC: { zh: '3 级', en: 'Rank 3' },
  kindP: { zh: '2 级', en: 'Rank 2' },
  kindE: { zh: '1 级；铁路上能拐弯（L-9），能挖地雷（L-11）', en: 'Rank 1; turns on railways (L-9) and clears landmines (L-11)' },
  kindZ: { zh: '与所攻或攻它的棋子同归于尽；不能放在第一排（L-11、L-17）', en: 'Removed together with whatever it attacks or is attacked by; never on the front row (L-11, L-17)' },
  kindL: { zh: '不能移动；撞上它的棋子被炸掉，工兵除外；只能放在最后两排（L-6、L-11、L-17）', en: 'Never moves; a piece that hits it is removed, unless an engineer; only on the back two rows (L-6, L-11, L-17)' },
  kindF: { zh: '不能移动，只能放在大本营；被扛即输（L-6、L-13、L-17）', en: 'Never moves, stands on a headquarters; captured, its side loses (L-6, L-13, L-17)' },
} as const;

export type Key = keyof typeof TEXT;

export function t(lang: Lang, key: Key, ...args: (string | number)[]): string {
  let s: string = TEXT[key][lang];
  args.forEach((a, i) => {
    s = s.replace(`{${i}}`, String(a));
  });
  return s;
}

export function hasText(key: string): key is Key {
  return key in TEXT;
}

/** One L-17 problem of a deployment, as the library's check reports it (`lzCheckDeployment`,
 * `sgCheckDeployment`: the same rules for 陸戰棋 and each 四國 army). */
export interface DeployProblem {
  code: string;
  point: string | null;
  kind: string | null;
  count: number | null;
  wanted: number | null;
}

/** The library's verdict on a deployment: its string when legal, else its problems. */
export interface DeployCheck {
  deployment: string | null;
  problems: DeployProblem[];
}

/** A problem in words, `headquarters` naming the army's two headquarters. */
export function problemText(lang: Lang, p: DeployProblem, headquarters: string): string {
  const key = hasText(p.code) ? p.code : 'other';
  const kind = p.kind ? kindName(lang, p.kind) : '';
  return t(lang, key, p.point ?? '', kind, p.count ?? '', p.wanted ?? '', headquarters);
}
