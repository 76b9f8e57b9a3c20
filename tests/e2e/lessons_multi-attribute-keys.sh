#!/usr/bin/env bash
# Lesson multi-attribute-keys: its answers complete it; its typical wrong answer does not pass and gets a hint.
exec bash "$(dirname "$0")/lessons_run.bash" "$1" multi-attribute-keys
