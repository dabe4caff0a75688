//! The commands a game's session carries out itself: [`server::serve`](crate::server::serve)
//! answers the others (`isready`, `stop`, `ponderhit`, `debug`, `deploy`, `quit`).

use crate::command::with_game_commands;
use crate::{Command, GoParams, PositionCommand};

with_game_commands! {
    /// A [`Command`] that reaches a game's [`Session::apply`](crate::server::Session::apply):
    /// `uci`, `setoption`, `ucinewgame`, `position`, `position hidden` or `go`, the same
    /// variants as [`Command`]'s. A session matches on it, so that no game lists the commands it
    /// leaves to the server.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum GameCommand {}
}

impl TryFrom<Command> for GameCommand {
    type Error = Command;

    /// The game's command, or the command back when the server answers it.
    fn try_from(cmd: Command) -> Result<GameCommand, Command> {
        Ok(match cmd {
            Command::Uci => GameCommand::Uci,
            Command::SetOption { name, value } => GameCommand::SetOption { name, value },
            Command::NewGame => GameCommand::NewGame,
            Command::Position(p) => GameCommand::Position(p),
            Command::HiddenPosition(s) => GameCommand::HiddenPosition(s),
            Command::Go(go) => GameCommand::Go(go),
            other @ (Command::IsReady
            | Command::Stop
            | Command::PonderHit
            | Command::Debug(_)
            | Command::Deploy(_)
            | Command::Quit) => return Err(other),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_command;

    #[test]
    fn the_servers_commands_are_given_back_and_the_games_kept() {
        for line in [
            "isready",
            "stop",
            "ponderhit",
            "debug on",
            "deploy red",
            "quit",
        ] {
            let cmd = parse_command(line).unwrap().unwrap();
            assert_eq!(GameCommand::try_from(cmd.clone()), Err(cmd), "{line}");
        }
        for line in [
            "uci",
            "ucinewgame",
            "setoption name Hash value 8",
            "position startpos",
            "go depth 1",
        ] {
            let cmd = parse_command(line).unwrap().unwrap();
            assert!(GameCommand::try_from(cmd).is_ok(), "{line}");
        }
    }
}
