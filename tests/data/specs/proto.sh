#!/bin/sh
# A scripted generator or oracle for the protocol tests (tests/task_spec): runs its arguments as
# steps, in order. POSIX sh, so that a test pays no interpreter start-up.
#
#   sh proto.sh STEP... [--length N --count K --seed S]
#
# Steps:
#   line:TEXT      write TEXT and a newline to stdout
#   lines:N:TEXT   the same N times; N may be `count` or `count+M` (the --count argument plus M)
#   raw:TEXT       write TEXT without a newline
#   forever:TEXT   write TEXT and a newline until killed
#   err:TEXT       write TEXT and a newline to stderr
#   errlines:N     write N numbered lines to stderr
#   answer:N       as an oracle: answer N input lines (`all`: until end of input) with whether
#                  the input contains the token a; null when it contains the token z
#   reply:TEXT     read one input line and write TEXT
#   read:N         read N input lines without answering
#   closein        close stdin
#   sleep:S        sleep S seconds (a child process: it must die with the script's group)
#   exit:C         exit with status C
#   envline:NAME   write {"input": "a", "answer": true} if NAME is set, else exit 5
#   touchenv:NAME  create the file named by the environment variable NAME
count=1
steps=""
n=0
while [ $# -gt 0 ]; do
  case "$1" in
    --length|--seed) shift 2 ;;
    --count) count=$2; shift 2 ;;
    *) n=$((n + 1)); eval "step_$n=\$1"; shift ;;
  esac
done
k=0
while [ $k -lt $n ]; do
  k=$((k + 1))
  eval "step=\$step_$k"
  kind=${step%%:*}
  arg=${step#*:}
  case "$kind" in
    line) printf '%s\n' "$arg" ;;
    lines)
      times=${arg%%:*}
      text=${arg#*:}
      case "$times" in
        count) times=$count ;;
        count+*) times=$((count + ${times#count+})) ;;
      esac
      i=0
      while [ $i -lt "$times" ]; do printf '%s\n' "$text"; i=$((i + 1)); done ;;
    raw) printf '%s' "$arg" ;;
    forever) while :; do printf '%s\n' "$arg"; done ;;
    err) printf '%s\n' "$arg" >&2 ;;
    errlines)
      i=0
      while [ $i -lt "$arg" ]; do i=$((i + 1)); printf 'stderr line %d\n' $i >&2; done ;;
    answer)
      i=0
      while [ "$arg" = all ] || [ $i -lt "$arg" ]; do
        IFS= read -r l || break
        i=$((i + 1))
        v=${l#*\"input\":}
        v=${v# }
        v=${v#\"}
        v=" ${v%\"*} "
        case "$v" in
          *" z "*) printf '{"answer": null}\n' ;;
          *" a "*) printf '{"answer": true}\n' ;;
          *) printf '{"answer": false}\n' ;;
        esac
      done ;;
    reply) IFS= read -r l; printf '%s\n' "$arg" ;;
    read)
      i=0
      while [ $i -lt "$arg" ]; do IFS= read -r l || break; i=$((i + 1)); done ;;
    closein) exec 0<&- ;;
    sleep) sleep "$arg" ;;
    exit) exit "$arg" ;;
    envline)
      eval "set=\${$arg+yes}"
      [ "$set" = yes ] || exit 5
      printf '{"input": "a", "answer": true}\n' ;;
    touchenv) eval "file=\${$arg}"; : > "$file" ;;
    *) printf 'proto.sh: unknown step %s\n' "$step" >&2; exit 2 ;;
  esac
done
