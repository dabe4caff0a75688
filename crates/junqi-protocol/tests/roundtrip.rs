//! format ∘ parse is the identity: every command and message the crate can write reads back
//! as the value written, whatever its text payloads (words without the protocol's keywords).

use junqi_protocol::{
    BestMove, Command, GoParams, Id, Info, OptionKind, OptionLine, PositionCommand, Reply, Score,
    parse_command,
};
use proptest::prelude::*;

/// Words that are the protocol's own: a payload made of them would read differently.
const KEYWORDS: [&str; 32] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "register",
    "name",
    "value",
    "startpos",
    "fen",
    "moves",
    "hidden",
    "type",
    "default",
    "min",
    "max",
    "var",
    "depth",
    "seldepth",
    "multipv",
    "score",
    "nodes",
    "nps",
    "hashfull",
    "time",
    "pv",
    "string",
];

fn word() -> impl Strategy<Value = String> {
    "[A-Za-z0-9/._<>-]{1,8}".prop_filter("a keyword", |w| {
        !KEYWORDS.contains(&w.as_str()) && w != "<empty>" && w != "ponder"
    })
}

/// Words joined by single spaces (the protocol does not keep the spacing of a payload).
fn text(min: usize, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(word(), min..=max).prop_map(|w| w.join(" "))
}

fn go() -> impl Strategy<Value = GoParams> {
    (
        (
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
        ),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u64>()),
            any::<bool>(),
        ),
        // The four-seat clocks (四國軍棋: `rtime gtime ytime rinc ginc yinc`).
        prop::array::uniform6(prop::option::of(any::<u64>())),
    )
        .prop_map(
            |(
                (wtime, btime, winc, binc),
                (movestogo, movetime, depth, nodes, infinite),
                [rtime, gtime, ytime, rinc, ginc, yinc],
            )| {
                GoParams {
                    wtime,
                    btime,
                    winc,
                    binc,
                    movestogo,
                    movetime,
                    depth,
                    nodes,
                    infinite,
                    rtime,
                    gtime,
                    ytime,
                    rinc,
                    ginc,
                    yinc,
                }
            },
        )
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Uci),
        any::<bool>().prop_map(Command::Debug),
        Just(Command::IsReady),
        (text(1, 3), prop::option::of(text(0, 3)))
            .prop_map(|(name, value)| Command::SetOption { name, value }),
        Just(Command::NewGame),
        (
            prop::option::of(text(0, 6)),
            prop::collection::vec(word(), 0..6)
        )
            .prop_map(|(fen, moves)| Command::Position(PositionCommand { fen, moves })),
        text(0, 8).prop_map(Command::HiddenPosition),
        go().prop_map(Command::Go),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
    ]
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![
        any::<i32>().prop_map(Score::Cp),
        any::<u32>().prop_map(Score::Win),
        any::<u32>().prop_map(Score::Loss),
    ]
}

fn info() -> impl Strategy<Value = Info> {
    (
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            prop::option::of(score()),
            prop::option::of(any::<u64>()),
        ),
        (
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u64>()),
            prop::collection::vec(word(), 0..5),
            // Free text may hold the field names: it runs to the end of the line.
            prop::option::of(prop_oneof![
                text(0, 4),
                Just("depth 3 score cp 1".to_string())
            ]),
        ),
    )
        .prop_map(
            |((depth, seldepth, multipv, score, nodes), (nps, hashfull, time, pv, string))| Info {
                depth,
                seldepth,
                multipv,
                score,
                nodes,
                nps,
                hashfull,
                time,
                pv,
                string,
            },
        )
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        (any::<i64>(), any::<i64>(), any::<u64>()).prop_map(|(default, min, max)| {
            OptionKind::Spin {
                default: default.into(),
                min: min.into(),
                max: max.into(),
            }
        }),
        (text(1, 2), prop::collection::vec(text(1, 2), 0..4))
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        Just(OptionKind::Button),
        text(0, 4).prop_map(|default| OptionKind::String { default }),
    ]
}

fn reply() -> impl Strategy<Value = Reply> {
    prop_oneof![
        text(0, 3).prop_map(|n| Reply::Id(Id::Name(n))),
        text(0, 3).prop_map(|a| Reply::Id(Id::Author(a))),
        Just(Reply::UciOk),
        Just(Reply::ReadyOk),
        (text(1, 3), option_kind())
            .prop_map(|(name, kind)| Reply::Option(OptionLine { name, kind })),
        info().prop_map(Reply::Info),
        (word(), prop::option::of(word()))
            .prop_map(|(mv, ponder)| Reply::BestMove(BestMove { mv, ponder })),
    ]
}

proptest! {
    #[test]
    fn commands_read_back_as_written(c in command()) {
        let line = c.to_string();
        prop_assert_eq!(parse_command(&line), Ok(Some(c)), "{}", line);
    }

    #[test]
    fn replies_read_back_as_written(r in reply()) {
        let line = r.to_string();
        prop_assert_eq!(line.parse::<Reply>(), Ok(r), "{}", line);
    }

    #[test]
    fn scores_read_back_as_written(s in score()) {
        prop_assert_eq!(s.to_string().parse::<Score>(), Ok(s));
    }

    /// Writing what was read is stable: read ∘ write ∘ read = read, for any line.
    #[test]
    fn any_line_that_reads_writes_back_to_itself(line in "[ a-z0-9A-Z\t.-]{0,60}") {
        if let Ok(Some(c)) = parse_command(&line) {
            prop_assert_eq!(parse_command(&c.to_string()), Ok(Some(c)));
        }
        if let Ok(r) = line.parse::<Reply>() {
            prop_assert_eq!(r.to_string().parse::<Reply>(), Ok(r));
        }
    }
}
