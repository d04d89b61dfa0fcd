"""``tutor course``: check a course of one's own before students take it with ``tutor learn --course``."""

from __future__ import annotations

import sys

import typer

from ..i18n import _, ngettext
from .output import EXIT_LEGAL, EXIT_UNUSABLE, print_json, printable, shell_quoted

course_app = typer.Typer(help="Check courses of your own for tutor learn --course.", no_args_is_help=True)


@course_app.command("validate")
def validate_command(
    folder: str = typer.Argument(..., metavar="DIR", help="The course: a folder of stage files (NN-name.yaml)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Check a course: the format of every stage file, and every solution and wrong answer against the engine.

    Every file's problems are reported in one run: a stage file that cannot be read does not keep the
    others from being checked against the engine.

    Problems are printed as FILE:LINE:COLUMN: message. Exit status: 0 usable, 2 not.
    """
    from ..lessons.course import analysis_problems, read_course_folder
    from ..lessons.course_check import checked_course_problems

    stages = exercises = 0
    course, problems = read_course_folder(folder)
    if course is not None:  # the stages that could be read are checked against the engine whatever the others hold
        too_many = analysis_problems(course)
        problems += too_many or checked_course_problems(course)
        stages, exercises = len(course.stages), sum(len(stage.exercises) for stage in course.stages)
    if as_json:
        print_json({"folder": folder, "valid": not problems, "stages": stages, "exercises": exercises,
                    "problems": problems})
    elif problems:
        sys.stdout.write("".join(f"{printable(line)}\n" for line in problems))
        sys.stdout.write(printable(ngettext("{count} problem in {folder}", "{count} problems in {folder}",
                                            len(problems)).format(count=len(problems), folder=folder)) + "\n")
    else:
        sys.stdout.write(printable(_("ok  {folder} ({stages} stages, {exercises} exercises); take it with: "
                                     "tutor learn --course {quoted}").format(
            folder=folder, stages=stages, exercises=exercises, quoted=shell_quoted(folder))) + "\n")
    raise typer.Exit(EXIT_UNUSABLE if problems else EXIT_LEGAL)
