"""``tutor gallery``: the positions that come with the tutor, listed, shown and copied into a folder of one's own."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..i18n import _, ngettext
from ..scenario.files import check_file
from ..scenario.gallery import GALLERY, gallery_names, gallery_path
from .output import EXIT_LEGAL, print_json, printable, unusable

gallery_app = typer.Typer(help="The positions that come with the tutor: list, show and copy them.",
                          invoke_without_command=True)
SCHEMA_LINE = "# yaml-language-server:"  # the gallery's own editor hint, whose path does not hold in a copy


@gallery_app.callback()
def gallery_callback(ctx: typer.Context) -> None:
    """The positions that come with the tutor, by topic. Any command that takes a scenario file also takes
    a gallery name such as rules/stock-first (or a topic such as rules, for a folder)."""
    if ctx.invoked_subcommand is None:
        list_command(None, as_json=False)


@gallery_app.command("list")
def list_command(
    topic: Optional[str] = typer.Argument(None, help="Only this topic (rules, strategy, ...)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """List the gallery's positions: name and title, by topic."""
    names = [name for name in gallery_names() if topic is None or name.split("/")[0] == topic]
    if not names:
        topics = sorted({name.split("/")[0] for name in gallery_names()})
        unusable([_("no topic {topic!r} in the gallery; its topics: {topics}").format(
            topic=topic, topics=", ".join(topics))], as_json=as_json, kind="usage")
    titles = {name: _title(name) for name in names}
    if as_json:
        print_json({"positions": [{"name": name, "title": title} for name, title in titles.items()]})
        return
    width = max(map(len, names))
    for name, title in titles.items():
        sys.stdout.write(printable(f"{name:<{width}}  {title}") + "\n")
    sys.stdout.write(ngettext("{count} position. Show one with: tutor gallery show NAME; copy into a folder of "
                              "your own with: tutor gallery copy NAME... --to FOLDER",
                              "{count} positions. Show one with: tutor gallery show NAME; copy into a folder of "
                              "your own with: tutor gallery copy NAME... --to FOLDER", len(names)).format(
        count=len(names)) + "\n")


def _title(name: str) -> str:
    checked = check_file(str(GALLERY / f"{name}.yaml"))
    return checked.scenario.title if checked.scenario is not None else name


@gallery_app.command("show")
def show_command(
    name: str = typer.Argument(..., help="A gallery name, such as rules/stock-first."),
    reveal: bool = typer.Option(False, "--reveal", help="The teacher's view: hidden cards, expectations, answer."),
) -> None:
    """Draw a position of the gallery as the player to move sees it, or with --reveal as the teacher does."""
    from .scenario_view import print_scenario

    path = _gallery_file(name)
    if path.is_dir():
        unusable([_("{name} is a topic of the gallery: list it with: tutor gallery list {name}").format(name=name)],
                 as_json=False, kind="usage")
    print_scenario(check_file(str(path)), reveal=reveal)


@gallery_app.command("copy")
def copy_command(
    names: list[str] = typer.Argument(..., metavar="NAME...", help="Gallery names (rules/stock-first) or topics "
                                                                   "(rules)."),
    to: str = typer.Option(..., "--to", metavar="FOLDER", help="The folder to copy them into (made if need be)."),
    force: bool = typer.Option(False, "--force", help="Overwrite files that exist."),
) -> None:
    """Copy positions of the gallery into a folder of your own, to change them or make a sheet of them.

    Each keeps its gallery name: rules/stock-first goes to FOLDER/rules/stock-first.yaml.
    """
    from ..files.writing import write_atomically
    from ..files.reading import NotARegularFile

    files = [file for name in names for file in _files(_gallery_file(name))]
    targets = {file: Path(to) / file.relative_to(GALLERY) for file in files}
    existing = [str(target) for target in targets.values() if target.exists()]
    if existing and not force:
        unusable([_("{path} already exists: give --force to overwrite it").format(path=path) for path in existing],
                 as_json=False, kind="usage")
    for file, target in targets.items():
        text = "".join(line for line in file.read_text(encoding="utf-8").splitlines(keepends=True)
                       if not line.startswith(SCHEMA_LINE))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, text)
        except NotARegularFile as error:
            unusable([_("{path} {problem}: give the name of a file to write").format(path=target, problem=error)],
                     as_json=False, kind="usage")
        except OSError as error:
            unusable([_("{path}: cannot be written: {problem}").format(path=target,
                                                                       problem=error.strerror or error)],
                     as_json=False, kind="usage")
    sys.stdout.write(printable(ngettext(
        "copied {count} position into {folder}; make a sheet of it with: tutor worksheet {folder} -o sheet.html",
        "copied {count} positions into {folder}; make a sheet of them with: tutor worksheet {folder} -o sheet.html",
        len(targets)).format(count=len(targets), folder=to)) + "\n")
    raise typer.Exit(EXIT_LEGAL)


def _gallery_file(name: str) -> Path:
    """The gallery's file or topic folder of that name; exit 2 with the names it may have meant."""
    path = gallery_path(name)
    if path is None:
        from difflib import get_close_matches

        names = gallery_names()
        close = get_close_matches(name.removesuffix(".yaml"), names, n=3, cutoff=0.6)
        close += [found for found in names if found.split("/")[-1] == name.removesuffix(".yaml")]
        advice = (_("did you mean {names}?").format(names=", ".join(dict.fromkeys(close))) if close
                  else _("list the names with: tutor gallery"))
        unusable([_("{name!r} is not a position of the gallery; {advice}").format(name=name, advice=advice)],
                 as_json=False, kind="usage")
    return path


def _files(path: Path) -> list[Path]:
    return sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
