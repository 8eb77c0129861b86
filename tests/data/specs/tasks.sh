#!/bin/sh
# Runs tasks.awk (the generators and oracles of the task-spec tests; see there) with this
# script's arguments. mawk, Debian's awk, reads its input in blocks unless given -W interactive,
# and an oracle must answer each line before the next one comes.
dir=$(dirname "$0")
case " $* " in
  *" --oracle "*)
    case "$(awk -W version 2>&1)" in
      *mawk*) exec awk -W interactive -f "$dir/tasks.awk" -- "$@" ;;
    esac ;;
esac
exec awk -f "$dir/tasks.awk" -- "$@"
