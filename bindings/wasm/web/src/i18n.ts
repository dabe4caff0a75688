// Interface labels in Chinese and English. Piece characters and records come from the
// library (both scripts); only the page's own words live here.

export type Lang = 'zh' | 'en';

const TEXT = {
  title: { zh: '国际军棋', en: 'International Military Chess' },
  subtitle: { zh: 'gjjq 网页棋盘', en: 'gjjq web board' },
  newGame: { zh: '新对局', en: 'New game' },
  flip: { zh: '翻转棋盘', en: 'Flip board' },
  language: { zh: 'English', en: '中文' },
  scriptSimplified: { zh: '简体', en: 'Simplified' },
  scriptTraditional: { zh: '繁體', en: 'Traditional' },
  mode: { zh: '对局方式', en: 'Players' },
  modeTwo: { zh: '两人同屏', en: 'Two people, one screen' },
  modeRed: { zh: '执红对引擎', en: 'You Red, engine Green' },
  modeGreen: { zh: '执绿对引擎', en: 'You Green, engine Red' },
  engine: { zh: '引擎', en: 'Engine' },
  thinking: { zh: '思考中…', en: 'thinking…' },
  moves: { zh: '着法', en: 'Moves' },
  position: { zh: '局面串', en: 'Position string' },
  start: { zh: '开局', en: 'Start' },
  loadPosition: { zh: '从局面串开始', en: 'Start from position' },
  deployment: { zh: '布阵', en: 'Deployment' },
  redDeployment: { zh: '红方布阵', en: "Red's deployment" },
  greenDeployment: { zh: '绿方布阵', en: "Green's deployment" },
  firstMover: { zh: '先走', en: 'First to move' },
  loadDeployment: { zh: '按布阵开始', en: 'Start from deployments' },
  randomDeployment: { zh: '随机布阵', en: 'Random deployment' },
  gameFile: { zh: '棋谱', en: 'Game file' },
  loadGameFile: { zh: '载入棋谱', en: 'Load game file' },
  chooseFile: { zh: '选择文件', en: 'Choose file' },
  exportGame: { zh: '导出棋谱', en: 'Export game' },
  red: { zh: '红方', en: 'Red' },
  green: { zh: '绿方', en: 'Green' },
  toMove: { zh: '走棋', en: 'to move' },
  wins: { zh: '胜', en: 'wins' },
  draw: { zh: '和棋', en: 'Draw' },
  returnDue: { zh: '须返回', en: 'return due' },
  viewing: { zh: '查看第 {0} 步 / 共 {1} 步', en: 'Ply {0} of {1}' },
  error: { zh: '错误', en: 'Error' },
  hiddenGame: { zh: '暗棋对引擎', en: 'Hidden game vs engine' },
  hiddenSide: { zh: '我执', en: 'I play' },
  deploymentRandom: { zh: '双方随机布阵', en: 'Random deployments' },
  deploymentFormation: { zh: '双方默认阵形', en: 'Default formation' },
  seed: { zh: '种子', en: 'Seed' },
  startHidden: { zh: '开始暗棋', en: 'Start hidden game' },
  resign: { zh: '认输', en: 'Resign' },
  infoState: { zh: '我方信息状态', en: 'My information state' },
  refused: { zh: '不合法——请重新提出（{0} 被裁判拒绝，棋子未动）', en: 'illegal — propose again ({0} refused by the referee; nothing moved)' },
  revealed: { zh: '对局结束，全局公开', en: 'Game over: the whole game is revealed' },
  hiddenTally: { zh: '暗棋 · 我执{0} · 吃子 {1} · 失子 {2}', en: 'Hidden game · I play {0} · taken {1} · lost {2}' },
  hiddenPlies: { zh: '共 {0} 步', en: '{0} plies' },
  noteRefused: { zh: '拒 {0}', en: 'refused {0}' },
  noteCaptured: { zh: '吃 {0}', en: 'took {0}' },
  noteStayed: { zh: '原地', en: 'stayed' },
  noteRemoved: { zh: '移除 {0}', en: 'removed {0}' },
  refuseNotYours: { zh: '不是你的棋子', en: 'not your piece' },
  refuseNoMove: { zh: '无法走到那里', en: 'no legal move to there' },
  refuseReturnOwed: { zh: '须先返回原址（R-19）', en: 'a return is owed (R-19)' },
  refusePalaceSealed: { zh: '对方总统府尚未开放（R-17）', en: 'the palace is sealed (R-17)' },
  refuseNoPiece: { zh: '那里没有棋子', en: 'no piece there' },
  refuseCannotMove: { zh: '这枚棋子无路可走', en: 'this piece has no legal move' },
  howToPlay: { zh: '怎么下', en: 'How to play' },
  legend: { zh: '棋子', en: 'Pieces' },
  noExportHidden: { zh: '暗棋进行中不能导出棋谱', en: 'no export during a hidden game' },
  beliefs: { zh: '显示敌子推测', en: 'Show beliefs' },
  beliefsTip: { zh: '推测（均匀先验）：{0}', en: 'beliefs (uniform prior): {0}' },
  beliefsNote: {
    zh: '每个敌子按最可能的兵种着色，标出其字母与概率（由你的信息状态计算，均匀先验）。',
    en: 'Each enemy disc is tinted by its most likely kind, with its letter and probability (from your information state, uniform prior).',
  },
  beliefsComputing: { zh: '推测计算中…', en: 'computing beliefs…' },
  beliefsExact: { zh: '精确：对与你所见一致的全部局面计数。', en: 'Exact: counted over every world consistent with what you were told.' },
  beliefsApprox: {
    zh: '≈ 近似：按符合所见的兵种分配计数，局面太多，未逐一复盘验证。',
    en: '≈ approximate: counted over the assignments of kinds that fit what you saw; too many to replay each one.',
  },
} as const;

export type Key = keyof typeof TEXT;

const REASONS: Record<string, { zh: string; en: string }> = {
  'king-captured': { zh: '擒王', en: 'king captured' },
  'trapped-king': { zh: '困王（王被逼无路）', en: 'trapped king' },
  'no-move': { zh: '无棋可走', en: 'no legal move' },
  'insufficient-material': { zh: '双方无攻击子力', en: 'insufficient material' },
  repetition: { zh: '同一局面三次', en: 'threefold repetition' },
  'no-capture-limit': { zh: '限着内无吃子', en: 'no-capture limit' },
  resignation: { zh: '认输', en: 'resignation' },
  agreement: { zh: '议和', en: 'agreed draw' },
};

export function t(lang: Lang, key: Key, ...args: (string | number)[]): string {
  let s: string = TEXT[key][lang];
  args.forEach((a, i) => {
    s = s.replace(`{${i}}`, String(a));
  });
  return s;
}

export function reason(lang: Lang, word: string): string {
  return REASONS[word]?.[lang] ?? word;
}

/** Fill every `[data-i18n]` element with its label. */
export function applyLabels(root: ParentNode, lang: Lang): void {
  root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => {
    const key = el.dataset.i18n as Key;
    if (key in TEXT) el.textContent = t(lang, key);
  });
  root.querySelectorAll<HTMLInputElement>('input.seed').forEach((el) => {
    el.placeholder = lang === 'zh' ? '随机' : 'random';
  });
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
}
