#!/usr/bin/env bash
# Lesson stream-entity-filter: its answers complete it; its typical wrong answers do not pass and get a hint.
exec bash "$(dirname "$0")/lessons_run.bash" "$1" stream-entity-filter
