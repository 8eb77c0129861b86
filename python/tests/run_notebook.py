"""Executes a notebook headless with Debian's python3-nbclient and python3-ipykernel, the way CI
runs examples/notebooks/tour.ipynb: every cell in order, and a cell that raises fails the run
(exit 1, naming the cell). The kernel inherits this process's environment (PYTHONPATH to the
build tree's package, CRASP_SOURCE_DIR) and starts in the notebook's own folder.

    python3 run_notebook.py NOTEBOOK [--timeout SECONDS] [--output EXECUTED.ipynb]
"""
import argparse
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebook")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("--output", help="write the executed notebook here")
    args = ap.parse_args()
    nb = nbformat.read(args.notebook, as_version=4)
    folder = os.path.dirname(os.path.abspath(args.notebook))
    client = NotebookClient(nb, timeout=args.timeout, kernel_name="python3",
                            resources={"metadata": {"path": folder}})
    start = time.monotonic()
    try:
        client.execute()
    except CellExecutionError as e:
        print(f"{args.notebook}: a cell failed:\n{e}", file=sys.stderr)
        return 1
    finally:
        if args.output:
            nbformat.write(nb, args.output)
    code = sum(1 for c in nb.cells if c.cell_type == "code")
    print(f"{args.notebook}: {code} code cells ran in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
