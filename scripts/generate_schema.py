"""Write tutor/scenario/scenario.schema.json from the SCHEMA in tutor/scenario/schema.py.

Run after changing the scenario format: python scripts/generate_schema.py
"""

from tutor.scenario.schema import schema_file, schema_text


def main() -> None:
    target = schema_file()
    target.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
