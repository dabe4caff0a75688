//! 陸戰棋 (Luzhanqi) as [`MatchGame`]s: open play, the library adjudicating every move; dark
//! play (暗棋, L-31), a referee ([`DarkGame`]) holding the game and each engine sent only its
//! own information state; and flip play (翻棋, L-32), the arbiter dealing what each flip
//! reveals. The engines speak the protocol of `luzhanqi engine` (`docs/protocol.md`,
//! "陸戰棋").
//!
//! In open and dark play the match loop's two seats are 陸戰棋's sides by their
//! [`Seat`](luzhanqi::Side::seat): seat 0 Red (`wtime`), seat 1 Blue (`btime`); the game file
//! names them Red and Blue. In flip play the colours are settled by the game (L-32), so the
//! seats are the players ([`Player::seat`]): the first (seat 0, `wtime`) and the second (seat
//! 1, `btime`), named `first` and `second` and in the game file `First` and `Second`.

use junqi_game::Seat;
use junqi_gamefile::ResultToken;
use junqi_protocol::{Command, PositionCommand};
use luzhanqi::dark::record::{announcement_comments, referee_tags};
use luzhanqi::dark::{DarkGame, DarkRules};
use luzhanqi::deploy::{self, Deployment};
use luzhanqi::flip::record::FlipRecord;
use luzhanqi::flip::{FlipAction, FlipDeal, FlipGame, FlipPosition, Player};
use luzhanqi::game_file::GameRecord;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::rand::{Rng, SeedableRng};
use luzhanqi::{Game, Move, Ruleset};

use crate::adjudicate::ScoreAdjudicator;
use crate::config::{Adjudication, LuzhanqiMode, MatchConfig};
use crate::game::{GameRecordParts, MatchGame, Played};
use crate::process::Answer;
use crate::report::{Ending, LuzhanqiRecord, Termination};
use crate::seats::opponent;

/// The deployments of start `pair` (Red's, Blue's; [`MatchConfig::start_of`]: a game pair's,
/// or one game's): two uniform draws (L-18) from a generator seeded by the match's seed and
/// the start's number, so a start does not depend on how many games run at once or in which
/// order they finish.
pub(crate) fn pair_deployments(seed: u64, pair: u32) -> (Deployment, Deployment) {
    let mut rng = start_rng(seed, pair, Stream::Processes);
    (Deployment::random(&mut rng), Deployment::random(&mut rng))
}

/// The seed streams of 陸戰棋's starts: one generator a start, from the match's seed and the
/// start's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stream {
    /// A match of engine processes: deployments and deals alike.
    Processes,
    /// The in-process mode's deployments ([`crate::local::luzhanqi_deployments`]).
    InProcess,
    /// The in-process mode's 翻棋 deals ([`crate::local::luzhanqi_deal`]).
    InProcessFlip,
}

/// The generator of start `pair` in `stream`. The in-process streams are the ones the engine's
/// in-process matches drew from before they moved here (issue 49), so the figures measured on
/// them (docs/luzhanqi-engine.md) replay; the match of processes salts its seed and skips one
/// draw, so that nearby seeds do not share a first deployment.
pub(crate) fn start_rng(seed: u64, pair: u32, stream: Stream) -> StdRng {
    let mixed = seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    match stream {
        Stream::Processes => {
            let mut rng = StdRng::seed_from_u64(mixed ^ 0x1a2d);
            let _: u64 = rng.random();
            rng
        }
        Stream::InProcess => StdRng::seed_from_u64(mixed),
        Stream::InProcessFlip => StdRng::seed_from_u64(mixed ^ 0xf11b),
    }
}

/// The deal of flip start `pair` (L-32: which piece lies under each face-down point; a game's
/// own by default, a pair's with [`crate::Layouts::Paired`]), shuffled from the match's seed
/// and the start's number.
pub(crate) fn pair_deal(seed: u64, pair: u32) -> FlipDeal {
    FlipDeal::random(&mut start_rng(seed, pair, Stream::Processes))
}

/// The 陸戰棋 side of a seat.
fn colour(seat: Seat) -> luzhanqi::Side {
    luzhanqi::Side::ALL[seat.index() % 2]
}

/// What every engine is told before a game: the mode.
fn mode_setup(mode: LuzhanqiMode) -> Vec<Command> {
    vec![Command::SetOption {
        name: "Mode".to_string(),
        value: Some(mode.as_str().to_string()),
    }]
}

/// The ending of a game over by the rules, its winner (a colour) seated by `seat`.
fn rules_ending(o: luzhanqi::Outcome, seat: impl FnOnce(luzhanqi::Side) -> Option<Seat>) -> Ending {
    (
        o.winner().and_then(seat),
        Termination::Rules(o.reason_str()),
        String::new(),
    )
}

/// A move of open and dark play from its text: the move, or why the text is not one.
fn parse_move(text: &str) -> Result<Move, String> {
    text.parse()
        .map_err(|e: luzhanqi::MoveParseError| e.to_string())
}

/// The game record of `game` with each move's comments.
fn record(
    game: &Game,
    comments: Vec<Vec<String>>,
    start_tags: Vec<(String, String)>,
) -> GameRecordParts {
    let mut lz = GameRecord::from_game(game);
    for (m, c) in lz.moves.iter_mut().zip(comments) {
        m.comments.extend(c);
    }
    GameRecordParts {
        start_tags,
        moves: Vec::new(),
        comments_before: Vec::new(),
        luzhanqi: Some(LuzhanqiRecord::Moves(lz)),
    }
}

/// What differs between 陸戰棋's modes in a match: the true game the arbiter holds (open play:
/// the [`Game`]; dark play: the referee, [`DarkGame`]; flip play: [`Flip`]), how it names and
/// seats the players, what an engine is told and how an answer is played.
pub(crate) trait Table {
    /// The mode, as the engines are told it (`setoption name Mode`).
    const MODE: LuzhanqiMode;

    /// The name of a seat in words: `red` or `blue` by default.
    fn name(seat: Seat) -> &'static str {
        ["red", "blue"][seat.index() % 2]
    }

    /// The seat to move.
    fn turn(&self) -> Seat;

    /// Plies played.
    fn plies(&self) -> usize;

    /// The end of the game by the rules, if it has one.
    fn ending(&self) -> Option<Ending>;

    /// The command that tells `seat`'s engine the game: by default `sent`, the start and the
    /// plies so far.
    fn position(&self, seat: Seat, sent: &PositionCommand) -> Command {
        let _ = seat;
        Command::Position(sent.clone())
    }

    /// Play `seat`'s answer `text`: the ply's text as `position … moves` sends it, or why the
    /// answer is not a legal ply (the sender loses).
    fn play(&mut self, seat: Seat, text: &str) -> Result<String, String>;

    /// The game's record, each ply with its engine's comment.
    fn into_record(self, comments: Vec<String>) -> GameRecordParts;
}

/// Open play: the library adjudicates every move.
impl Table for Game {
    const MODE: LuzhanqiMode = LuzhanqiMode::Open;

    fn turn(&self) -> Seat {
        self.position().turn().seat()
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| rules_ending(o, |c| Some(c.seat())))
    }

    fn play(&mut self, _seat: Seat, text: &str) -> Result<String, String> {
        let m = parse_move(text)?;
        Game::play(self, m).map_err(|e| e.to_string())?;
        Ok(m.to_string())
    }

    fn into_record(self, comments: Vec<String>) -> GameRecordParts {
        record(
            &self,
            comments.into_iter().map(|c| vec![c]).collect(),
            Vec::new(),
        )
    }
}

/// Dark play (暗棋, L-31): the referee holds the true game and each engine is sent only its own
/// information state (`position hidden`); a move its view does not allow loses, as an illegal
/// move in open play.
impl Table for DarkGame {
    const MODE: LuzhanqiMode = LuzhanqiMode::Dark;

    fn turn(&self) -> Seat {
        DarkGame::turn(self).seat()
    }

    fn plies(&self) -> usize {
        self.game().moves().len()
    }

    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| rules_ending(o, |c| Some(c.seat())))
    }

    fn position(&self, seat: Seat, _sent: &PositionCommand) -> Command {
        Command::HiddenPosition(self.info_state(colour(seat)).to_string())
    }

    fn play(&mut self, _seat: Seat, text: &str) -> Result<String, String> {
        let m = parse_move(text)?;
        DarkGame::play(self, m).map_err(|e| e.to_string())?;
        Ok(m.to_string())
    }

    fn into_record(self, comments: Vec<String>) -> GameRecordParts {
        // The referee's record as the library writes it (issue 50 item 15): its tags, and
        // before each engine's comment the move's announcement, so the record alone replays
        // the game as each side saw it (`luzhanqi::dark::record::read_referee_record`).
        let comments = self
            .history()
            .iter()
            .zip(comments)
            .map(|(a, engine)| {
                let mut all = announcement_comments(a);
                all.push(engine);
                all
            })
            .collect();
        record(self.game(), comments, referee_tags(&self))
    }
}

/// Flip play (翻棋, L-32) with the mode's default options: the game and the deal; the arbiter
/// sends both engines the plies so far (a flip with the piece it revealed, `c6=E`) and reveals
/// the dealt piece when an engine flips (`bestmove c6`).
pub(crate) struct Flip {
    game: FlipGame,
    deal: FlipDeal,
}

impl Flip {
    /// The seat of a colour, once the game has settled the colours.
    fn seat_of(&self, colour: luzhanqi::Side) -> Option<Seat> {
        self.game.position().player_of(colour).map(Player::seat)
    }
}

impl Table for Flip {
    const MODE: LuzhanqiMode = LuzhanqiMode::Flip;

    fn name(seat: Seat) -> &'static str {
        ["first", "second"][seat.index() % 2]
    }

    fn turn(&self) -> Seat {
        self.game.position().player_to_act().seat()
    }

    fn plies(&self) -> usize {
        self.game.plies().len()
    }

    fn ending(&self) -> Option<Ending> {
        // The winner by colour (L-32's colours are settled long before any win).
        self.game
            .outcome()
            .map(|o| rules_ending(o, |c| self.seat_of(c)))
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<String, String> {
        let action: FlipAction = text
            .parse()
            .map_err(|e: luzhanqi::flip::FlipActionParseError| e.to_string())?;
        let position = self.game.position();
        debug_assert_eq!(position.player_to_act(), player(seat));
        if !position.is_legal(action) {
            return Err("not a legal action".into());
        }
        // A flip reveals the piece dealt there; so does a move onto a face-down piece
        // (`attack_face_down`).
        let revealed = self.deal.reveal(position, action);
        self.game
            .play(action, revealed)
            .map_err(|e| e.to_string())?;
        let ply = self.game.plies().last().ok_or("no ply played")?;
        Ok(ply.to_string())
    }

    fn into_record(self, _comments: Vec<String>) -> GameRecordParts {
        GameRecordParts {
            start_tags: Vec::new(),
            moves: Vec::new(),
            comments_before: Vec::new(),
            luzhanqi: Some(LuzhanqiRecord::Flip(FlipRecord {
                tags: Vec::new(),
                result: ResultToken::Unknown,
                game: self.game,
            })),
        }
    }
}

/// One 陸戰棋 game in the mode of its [`Table`]: the true game, the `position` command of the
/// plies so far (open and flip play send it), the moves' comments and the score adjudication's
/// streaks (open and flip play; none in dark play, where an engine's score is its guess).
pub(crate) struct LuzhanqiGame<T> {
    table: T,
    sent: PositionCommand,
    comments: Vec<String>,
    adjudicator: ScoreAdjudicator,
}

impl<T: Table> LuzhanqiGame<T> {
    fn new(table: T, fen: Option<String>, adjudication: Adjudication) -> Self {
        LuzhanqiGame {
            table,
            sent: PositionCommand {
                fen,
                moves: Vec::new(),
            },
            comments: Vec::new(),
            adjudicator: ScoreAdjudicator::new(adjudication),
        }
    }
}

impl LuzhanqiGame<Game> {
    /// An open game from Red's and Blue's deployments, Red first, standard rules.
    pub(crate) fn open(config: &MatchConfig, red: &Deployment, blue: &Deployment) -> Self {
        let start = deploy::opening(red, blue, luzhanqi::Side::Red, Ruleset::STANDARD)
            .expect("drawn deployments are legal (L-17)");
        let fen = Some(start.to_string());
        LuzhanqiGame::new(Game::new(start), fen, config.adjudication)
    }
}

impl LuzhanqiGame<DarkGame> {
    /// A dark game from Red's and Blue's deployments, Red first, standard dark rules.
    pub(crate) fn dark(red: &Deployment, blue: &Deployment) -> Self {
        let game = DarkGame::new(red, blue, luzhanqi::Side::Red, DarkRules::STANDARD)
            .expect("drawn deployments are legal (L-17) and the standard rules dark ones");
        LuzhanqiGame::new(game, None, Adjudication::default())
    }
}

impl LuzhanqiGame<Flip> {
    /// A flip game from every piece face down, dealt as `deal` says.
    pub(crate) fn flip(config: &MatchConfig, deal: FlipDeal) -> Self {
        let game = FlipGame::new(FlipPosition::start());
        LuzhanqiGame::new(Flip { game, deal }, None, config.adjudication)
    }
}

impl<T: Table> MatchGame for LuzhanqiGame<T> {
    fn write_record(
        frame: &gjjq_notation::GameRecord,
        own: Option<LuzhanqiRecord>,
        winner: Option<Seat>,
    ) -> Result<(String, usize), String> {
        write_own_record(frame, own, winner)
    }

    fn side_name(&self, side: Seat) -> &'static str {
        T::name(side)
    }

    fn setup(&self) -> Vec<Command> {
        mode_setup(T::MODE)
    }

    fn turn(&self) -> Seat {
        self.table.turn()
    }

    fn plies(&self) -> usize {
        self.table.plies()
    }

    fn ending(&self, _config: &MatchConfig) -> Option<Ending> {
        self.table.ending()
    }

    fn position(&self, side: Seat) -> Command {
        self.table.position(side, &self.sent)
    }

    fn play(&mut self, side: Seat, who: &str, answer: &Answer) -> Result<Played, Ending> {
        let text = answer.text.as_str();
        let ply = self.table.play(side, text).map_err(|why| {
            (
                Some(opponent(side)),
                Termination::IllegalMove,
                format!("{who} ({}) played '{text}': {why}", T::name(side)),
            )
        })?;
        self.sent.moves.push(ply);
        self.comments.push(answer.comment());
        let table = &self.table;
        self.adjudicator
            .judge(side, answer, table.plies(), || table.ending().is_some())
    }

    fn into_record(self) -> GameRecordParts {
        self.table.into_record(self.comments)
    }
}

/// Write a 陸戰棋 game's own record: the match's tags from `frame`, in order, with the seats
/// named as the mode names them, and the result (the file's own field: the writer writes the
/// `Result` tag from it); the plies are the 陸戰棋 record's (`frame.moves` is empty).
pub(crate) fn write_own_record(
    frame: &gjjq_notation::GameRecord,
    own: Option<LuzhanqiRecord>,
    winner: Option<Seat>,
) -> Result<(String, usize), String> {
    let Some(mut lz) = own else {
        return Err("no 陸戰棋 record".to_string());
    };
    let plies = lz.plies().to_string();
    let seats: [(&str, &str); 4] = match lz {
        LuzhanqiRecord::Moves(_) => [
            ("Red", "Red"),
            ("RedLimits", "RedLimits"),
            ("Green", "Blue"),
            ("GreenLimits", "BlueLimits"),
        ],
        LuzhanqiRecord::Flip(_) => [
            ("Red", "First"),
            ("RedLimits", "FirstLimits"),
            ("Green", "Second"),
            ("GreenLimits", "SecondLimits"),
        ],
    };
    let tags: Vec<(String, String)> = frame
        .tags
        .iter()
        .filter(|(n, _)| n != "Result")
        .map(|(n, v)| match seats.iter().find(|(seat, _)| seat == n) {
            Some((_, named)) => ((*named).to_string(), v.clone()),
            None if n == "PlyCount" => (n.clone(), plies.clone()),
            None => (n.clone(), v.clone()),
        })
        .collect();
    finish_record(&mut lz, tags, winner);
    Ok((lz.write()?, lz.plies()))
}

/// Put the match's `tags` and result (the winning seat, `None` a draw) into a 陸戰棋 record:
/// in open and dark play the seats are the colours; in flip play the result is by colour
/// (L-32), the winning seat's player's, and unknown when the game ended before a flip settled
/// the colours.
fn finish_record(record: &mut LuzhanqiRecord, tags: Vec<(String, String)>, winner: Option<Seat>) {
    match record {
        LuzhanqiRecord::Moves(r) => {
            r.tags = tags;
            r.result = match winner.map(colour) {
                Some(luzhanqi::Side::Red) => ResultToken::FirstWins,
                Some(luzhanqi::Side::Blue) => ResultToken::SecondWins,
                None => ResultToken::Draw,
            };
        }
        LuzhanqiRecord::Flip(r) => {
            r.tags = tags;
            r.result = match winner {
                Some(seat) => match r.game.position().colour_of(player(seat)) {
                    Some(luzhanqi::Side::Red) => ResultToken::FirstWins,
                    Some(luzhanqi::Side::Blue) => ResultToken::SecondWins,
                    None => ResultToken::Unknown,
                },
                None => ResultToken::Draw,
            };
        }
    }
}

/// The flip player of a seat: the first player sits in seat 0.
fn player(seat: Seat) -> Player {
    Player::ALL[seat.index() % 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_start_depends_on_the_seed_and_the_pair_only() {
        let a = pair_deployments(1, 0);
        assert_eq!(a, pair_deployments(1, 0));
        assert_ne!(a, pair_deployments(1, 1));
        assert_ne!(a, pair_deployments(2, 0));
        assert!(a.0.check().is_ok() && a.1.check().is_ok());
    }

    #[test]
    fn a_pair_deal_depends_on_the_seed_and_the_pair_only() {
        let deal = pair_deal(1, 0);
        assert_eq!(deal, pair_deal(1, 0));
        assert_ne!(deal, pair_deal(1, 1));
        assert_ne!(deal, pair_deal(2, 0));
    }
}
