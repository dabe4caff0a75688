//! `gjjq svg`: a position as an SVG picture on stdout.

use std::str::FromStr;

use gjjq::svg::{SvgOptions, render, render_position};
use gjjq_core::{Script, Setup, Side, Square, deploy::Deployment};

use crate::common::{CliError, PositionArgs, SideArg, load_rules, out};

/// Arguments of `svg`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Draw one side's deployment string alone on the board instead of a position.
    #[arg(long, value_name = "DEP", conflicts_with_all = ["position", "last_move"])]
    deployment: Option<String>,
    /// Whose deployment `--deployment` is (its country and colour).
    #[arg(long, value_enum, default_value_t = SideArg::Red, requires = "deployment")]
    side: SideArg,
    /// The last move, already played in the position, in ASCII form, e.g. `5B5A`:
    /// its two points are highlighted and joined by an arrow.
    #[arg(long, value_name = "ASCII")]
    last_move: Option<String>,
    /// Script of the piece characters.
    #[arg(long, value_enum, default_value_t = ScriptArg::Simplified)]
    script: ScriptArg,
    /// Width of the picture in pixels.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(16..=20_000))]
    size: u32,
}

/// `--script`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ScriptArg {
    /// 总 卫 弹 舰 机 军 师 团.
    Simplified,
    /// 總 衛 彈 艦 機 軍 師 團.
    Traditional,
}

impl From<ScriptArg> for Script {
    fn from(s: ScriptArg) -> Script {
        match s {
            ScriptArg::Simplified => Script::Simplified,
            ScriptArg::Traditional => Script::Traditional,
        }
    }
}

/// Parse `5B5A` into its origin and destination labels.
fn parse_last_move(s: &str) -> Result<(Square, Square), CliError> {
    let bad = |why: String| {
        CliError(format!(
            "--last-move '{s}': {why} (the ASCII form is two point labels, e.g. 5B5A)"
        ))
    };
    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 4 {
        return Err(bad(format!("{} characters, not 4", chars.len())));
    }
    let from: String = chars[..2].iter().collect();
    let to: String = chars[2..].iter().collect();
    let from = Square::from_str(&from).map_err(|e| bad(format!("origin '{from}': {e}")))?;
    let to = Square::from_str(&to).map_err(|e| bad(format!("destination '{to}': {e}")))?;
    Ok((from, to))
}

/// Print the SVG of the position.
pub fn run(args: Args) -> Result<(), CliError> {
    let last_move = args.last_move.as_deref().map(parse_last_move).transpose()?;
    let opts = SvgOptions {
        script: args.script.into(),
        last_move,
        size: args.size,
        ..SvgOptions::default()
    };
    if let Some(dep) = &args.deployment {
        let rules = load_rules(&args.pos.rules)?;
        let d = Deployment::parse_with(dep, &rules)
            .map_err(|e| CliError(format!("--deployment '{dep}': {e}")))?;
        let side: Side = args.side.into();
        let mut setup = Setup::empty();
        d.place(side, &mut setup);
        setup.turn = side;
        out!("{}", render(&setup, &opts));
        return Ok(());
    }
    let pos = args.pos.position()?;
    out!("{}", render_position(&pos, &opts));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_move_parses_two_labels() {
        let (a, b) = parse_last_move("5B5A").unwrap();
        assert_eq!((a.to_string(), b.to_string()), ("5B".into(), "5A".into()));
        assert_eq!(parse_last_move("3E7d").unwrap().1.to_string(), "7d");
        for bad in ["", "5B5", "5B5A1", "0B5A", "5B5F", "5B５A", "弹3E攻"] {
            assert!(parse_last_move(bad).is_err(), "{bad}");
        }
    }
}
