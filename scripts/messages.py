"""Keep the gettext catalogues in ``tutor/locale`` in step with the code (a development tool; needs Babel).

    python scripts/messages.py extract   # write tutor/locale/tutor.pot from the code and its text tables
    python scripts/messages.py update    # bring sv and da .po up to the template (new entries untranslated)
    python scripts/messages.py compile   # write the .mo files the package ships

Messages come from calls of ``_``, ``ngettext``, ``pgettext`` and
``npgettext`` in ``tutor/`` and from the id-keyed text tables listed in
``TABLES``, each entry known by the context ``TABLE:ID``.
"""

from __future__ import annotations

import importlib
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tutor"
sys.path.insert(0, str(ROOT))

from tutor import __version__  # noqa: E402
from tutor.i18n import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402
from tutor.i18n.tables import TABLES  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
HEADER = {"project": "skipbo-tutor", "version": __version__, "copyright_holder": "the skipbo-tutor authors",
          "msgid_bugs_address": ""}


def extracted() -> Catalog:
    """The catalogue template as the code stands: every message, no translations."""
    catalog = Catalog(domain=DOMAIN, fuzzy=False, **HEADER)
    for filename, _lineno, message, comments, context in extract_from_dir(
            PACKAGE, [("**.py", "python")], keywords=DEFAULT_KEYWORDS, strip_comment_tags=True):
        catalog.add(message, locations=[(f"tutor/{filename}", None)], auto_comments=comments, context=context)
    for place in TABLES:
        module, attribute = place.split(":")
        table = getattr(importlib.import_module(module), attribute)
        for key, english in table.items():
            catalog.add(english, locations=[(module.replace(".", "/") + ".py", None)], context=f"{table.name}:{key}")
    from typer.main import get_command

    from tutor.cli.app import build_app, listing_app
    from tutor.cli.help_texts import help_messages

    for app in (listing_app(), build_app()):
        for context, english in help_messages(get_command(app)):
            catalog.add(english, locations=[("tutor/cli", None)], context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def translated_languages() -> list[str]:
    return [language for language in LANGUAGES if language != "en"]


def main(command: str) -> None:
    if command == "extract":
        write(extracted(), TEMPLATE)
    elif command == "update":
        template = read(TEMPLATE)
        for language in translated_languages():
            path = po_path(language)
            catalog = read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN, **HEADER)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.fuzzy = False
            catalog.obsolete.clear()
            write(catalog, path)
    elif command == "compile":
        for language in translated_languages():
            path = po_path(language)
            path.with_suffix(".mo").write_bytes(compiled(read(path, language)))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
