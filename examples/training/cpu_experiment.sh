#!/usr/bin/env bash
# The CPU-scale experiment of docs/training.md: six tasks (three C-RASP[pos] expresses, three it
# does not), APE, RoPE and NoPE, three seeds, a small GPT-2 (2 layers, 2 heads, width 32), trained
# on lengths up to 20 and tested to 60. Then the table of crasp's verdict against trained
# accuracy. Usage: examples/training/cpu_experiment.sh [RUN_DIR] (default runs/cpu); needs the
# build tree's Python package (PYTHONPATH=build/ci/python) and PyTorch. About an hour on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-runs/cpu}"
mkdir -p "$out"
export PYTHONPATH="${PYTHONPATH:-build/ci/python}"
python="${PYTHON:-python3}"  # Debian's python3, with python3-torch and python3-numpy
common=(--pe ape,rope,nope --layers 2 --heads 2 --d-model 32 --train-lengths 1..20
        --bins 21-40,41-60 --steps 3000 --eval-every 250 --eval-count 256 --seeds 0,1,2
        --threads 1 --quiet)
# Two queues side by side, one core each.
(for task in bin_majority UR dyck1; do
   "$python" -m crasp_model train "$task" --out "$out/$task" "${common[@]}" > "$out/$task.txt"
 done) &
(for task in parity NRLast NF; do
   "$python" -m crasp_model train "$task" --out "$out/$task" "${common[@]}" > "$out/$task.txt"
 done) &
wait
"$python" examples/training/table.py "$out"/*/metrics.json
