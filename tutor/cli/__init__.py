"""The command line: a thin layer that turns engine results into output and exit codes."""
