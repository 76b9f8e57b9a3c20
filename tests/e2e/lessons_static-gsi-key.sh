#!/usr/bin/env bash
# Lesson static-gsi-key: its answers complete it; its typical wrong answer does not pass and gets a hint.
exec bash "$(dirname "$0")/lessons_run.bash" "$1" static-gsi-key
