//! Asalto's command-line paths: the first game's, which live in the
//! commands' own modules (`check.rs`, `show.rs`, `export.rs`, `diff.rs`);
//! this joins them to the table of games.

use asalto_core::GameKind;

use super::batch::Checker;
use super::games::{About, GameCli, PageChecker, Rules};
use super::{Out, Status, WriteError, check, diff, export, html, selfplay, show};

/// Asalto on the command line.
pub struct Asalto;

/// The profile names (one: the 2018/19 assignment's rules).
const PROFILES: &[&str] = &[asalto::Rules::Assignment2018.name()];

impl GameCli for Asalto {
    fn about(&self) -> About {
        About {
            kind: GameKind::Asalto,
            extension: "txt",
            profiles: PROFILES,
        }
    }

    fn checker<'a>(
        &'a self,
        args: &'a check::Args,
        _rules: Rules,
        full: bool,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        Ok(check::asalto_checker(args, full))
    }

    fn show(
        &self,
        args: &show::Args,
        _file: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        show::asalto(args, out)
    }

    fn show_position(
        &self,
        args: &show::Args,
        _position: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        show::asalto(args, out)
    }

    fn export(
        &self,
        args: &export::Args,
        _file: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        export::asalto(args, out)
    }

    fn page(
        &self,
        args: &export::Args,
        file: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        html::asalto_page(file, args.read, args.ply, out)
    }

    fn page_checker<'a>(
        &'a self,
        args: &'a check::Args,
        _rules: Rules,
    ) -> Result<PageChecker<'a>, String> {
        let options = args.options();
        Ok(html::pages(move |path, opened| {
            html::asalto_entry(path, opened, options)
        }))
    }

    fn diff(
        &self,
        args: &diff::Args,
        _paths: [&str; 2],
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        diff::asalto(args, out)
    }

    fn selfplay(
        &self,
        args: &selfplay::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        selfplay::asalto(args, out)
    }
}
