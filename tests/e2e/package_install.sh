#!/usr/bin/env bash
# The Debian package: cpack packs the build folder of the binary under test, and the package's
# files, unpacked into a scratch root, work on their own: the staged /usr/bin/ddblab prints its
# version, runs the README's tour, completes a lesson and grades an exercise from the staged
# /usr/share/ddblab (with no DDBLAB_* variable set, a scratch HOME, from a scratch folder), and
# the staged manual page is one; `exercise pack --package` accepts the package.
# usage: bash package_install.sh <ddblab binary>
set -euo pipefail
BIN=${1:?usage: package_install.sh <ddblab binary>}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(cd "$(dirname "$BIN")" && pwd)
if ! command -v dpkg-deb >/dev/null; then
  echo "SKIP: dpkg-deb is not installed (package dpkg); the Debian package cannot be checked"
  exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ddblab-package.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/home" "$TMP/cwd" "$TMP/tmp"
# Sanitized binaries run 10-50x slower.
limit=120
[ "${DDBLAB_SANITIZED:-0}" = 1 ] && limit=600

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 40 >&2
  exit 1
}

# --- the package -------------------------------------------------------------------------------
[ -f "$BUILD/CPackConfig.cmake" ] ||
  fail "$BUILD has no CPackConfig.cmake (is cmake/packaging.cmake included by CMakeLists.txt?)"
# Into a scratch folder (-B), so the build folder's own package/ is left alone.
out=$(cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/pkg" 2>&1) || fail "cpack failed" "$out"
shopt -s nullglob
debs=("$TMP"/pkg/ddblab_*.deb)
shopt -u nullglob
[ ${#debs[@]} -eq 1 ] || fail "cpack wrote ${#debs[@]} ddblab_*.deb files" "$out"
deb=${debs[0]}
echo "ok   cpack wrote $(basename "$deb")"

info=$(dpkg-deb -I "$deb") || fail "dpkg-deb -I cannot read $deb"
grep -qx ' Package: ddblab' <<<"$info" || fail "the package is not named ddblab" "$info"
depends=$(grep '^ Depends:' <<<"$info" || true)
[ -n "$depends" ] || fail "the package has no Depends (is dpkg-shlibdeps, from dpkg-dev, installed?)" "$info"
for lib in liblua5.4 libsqlite3; do
  grep -q "$lib" <<<"$depends" || fail "Depends does not name $lib" "$depends"
done
echo "ok   $depends"
version=$(dpkg-deb -f "$deb" Version)
# The package CPack writes is one `exercise pack --package` accepts (a Debian package of ddblab
# whose control member it can read); tests/e2e/autograder_bundle.sh checks the refusals.
out=$("$BIN" exercise pack edtech --gradescope "$TMP/gs.zip" --package "$deb" 2>&1) ||
  fail "exercise pack does not accept the package cpack wrote" "$out"
echo "ok   exercise pack bundles it"

contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/ddblab ./usr/share/man/man1/ddblab.1.gz \
         ./usr/share/ddblab/lessons/first-steps/lesson.lua ./usr/share/ddblab/lessons/first-steps/lesson.answers \
         ./usr/share/ddblab/exercises/edtech/grader.lua ./usr/share/ddblab/exercises/edtech/reference.ddb; do
  grep -qE " $f\$" <<<"$contents" || fail "the package lacks $f"
done
echo "ok   the package holds the binary, the manual page, the lessons and the exercises"

ROOT="$TMP/root"
dpkg-deb -x "$deb" "$ROOT" || fail "dpkg-deb -x failed"
STAGED="$ROOT/usr/bin/ddblab"
LESSONS="$ROOT/usr/share/ddblab/lessons"
EXERCISES="$ROOT/usr/share/ddblab/exercises"

# --- nothing from the source tree --------------------------------------------------------------
# The installed binary has no source path compiled in (it finds its data beside itself:
# <bin>/../share/ddblab). Mechanically: the stripped binary holds no string that is exactly this
# checkout's path (as a compiled-in DDBLAB_SOURCE_DIR would be).
if grep -qazxF -- "$SRC" "$STAGED"; then
  fail "the packaged binary has this source tree's path ($SRC) compiled in"
fi

# Every run: a clean environment (env -i: no DDBLAB_* variable, so neither DDBLAB_LESSONS_DIR nor
# DDBLAB_EXERCISES_DIR nor DDBLAB_COURSE points anywhere), a scratch HOME, from a scratch folder.
# The sanitizers' settings pass through.
clean_env=(PATH=/usr/bin:/bin HOME="$TMP/home" TMPDIR="$TMP/tmp" NO_COLOR=1 LC_ALL=C.UTF-8)
[ -n "${ASAN_OPTIONS:-}" ] && clean_env+=("ASAN_OPTIONS=$ASAN_OPTIONS")
[ -n "${UBSAN_OPTIONS:-}" ] && clean_env+=("UBSAN_OPTIONS=$UBSAN_OPTIONS")
staged() { (cd "$TMP/cwd" && env -i "${clean_env[@]}" timeout "$limit" "$STAGED" "$@"); }

# --- the staged binary -------------------------------------------------------------------------
out=$(staged --version 2>&1) || fail "ddblab --version failed" "$out"
grep -qE "^ddblab ${version%%-*}\$" <<<"$out" || fail "--version says '$out'; the package is version $version"
echo "ok   $out"

# The README's tour.
out=$(staged \
  -c "aws dynamodb create-table --table-name App --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE --billing-mode PAY_PER_REQUEST" \
  -c "aws dynamodb put-item --table-name App --item '{\"PK\":{\"S\":\"CUSTOMER#c1\"},\"SK\":{\"S\":\"PROFILE\"}}'" \
  -c "SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1'" \
  -c ".partitions App" 2>&1) || fail "the README's tour failed" "$out"
for want in "Table App (ACTIVE, PAY_PER_REQUEST)" "1 item written" "-- PutItem App | 1 WCU" \
            "-- Query App | 1 returned" "App: 4 partitions"; do
  grep -qF -- "$want" <<<"$out" || fail "the tour's output lacks '$want'" "$out"
done
grep -qE '^CUSTOMER#c1 +PROFILE$' <<<"$out" || fail "the SELECT did not return the item" "$out"
echo "ok   the README's tour"

# A lesson from the staged lessons.
out=$(staged lesson run first-steps --answers "$LESSONS/first-steps/lesson.answers" 2>&1) ||
  fail "lesson run first-steps did not complete (exit $?)" "$out"
grep -qF "lesson first-steps: complete" <<<"$out" || fail "lesson run: no completion line" "$out"
if grep -q "Not yet" <<<"$out"; then fail "lesson run: a step missed" "$out"; fi
echo "ok   lesson first-steps completes"

# An exercise from the staged exercises: the reference scores full marks.
out=$(staged grade edtech "$EXERCISES/edtech/reference.ddb" --seed 1 2>&1) ||
  fail "grade edtech failed (exit $?)" "$out"
score=$(sed -n 's/^score \([0-9.]*\)\/\([0-9.]*\).*/\1 \2/p' <<<"$out" | tail -n 1)
[ -n "$score" ] || fail "grade edtech printed no score line" "$out"
read -r got max <<<"$score"
if [ "$got" != "$max" ] || [ "$max" = 0 ]; then fail "the reference scored $got/$max" "$out"; fi
if grep -qE '^(FAIL|ERROR)' <<<"$out"; then fail "grade edtech: a check did not pass" "$out"; fi
echo "ok   grade edtech: reference scores $got/$max"

# Those came from the staged share/ddblab: with it moved away there is nothing to find, and the
# same commands fail (they would pass if the binary read the source tree's lessons/ or exercises/).
mv "$ROOT/usr/share/ddblab" "$ROOT/usr/share/ddblab.away"
if out=$(staged lesson run first-steps --answers "$ROOT/usr/share/ddblab.away/lessons/first-steps/lesson.answers" 2>&1); then
  fail "with the staged lessons moved away, lesson run still completed: it reads lessons from elsewhere" "$out"
fi
if out=$(staged grade edtech "$ROOT/usr/share/ddblab.away/exercises/edtech/reference.ddb" --seed 1 2>&1) &&
  grep -q '^score ' <<<"$out"; then
  fail "with the staged exercises moved away, grade still graded: it reads exercises from elsewhere" "$out"
fi
mv "$ROOT/usr/share/ddblab.away" "$ROOT/usr/share/ddblab"
echo "ok   the lessons and exercises are the staged ones"

# --- the manual page ---------------------------------------------------------------------------
page=$(gzip -dc "$ROOT/usr/share/man/man1/ddblab.1.gz") || fail "ddblab.1.gz is not gzip"
grep -q '^\.TH DDBLAB 1 ' <<<"$page" || fail "ddblab.1 has no .TH DDBLAB 1 line" "$page"
for want in '^\.SH SYNOPSIS' '^\.SH DESCRIPTION' '^\.SH ENVIRONMENT' '^\.SH FILES' \
            'DDBLAB_LESSONS_DIR' 'DDBLAB_EXERCISES_DIR' 'DDBLAB_COURSE' 'DDBLAB_DATA_DIR' 'share/ddblab'; do
  grep -q -- "$want" <<<"$page" || fail "ddblab.1 lacks $want" "$page"
done
if command -v man >/dev/null; then
  text=$(MANPAGER=cat MANWIDTH=100 man -l "$ROOT/usr/share/man/man1/ddblab.1.gz" 2>&1) ||
    fail "man -l cannot render ddblab.1.gz" "$text"
  grep -q 'ddblab' <<<"$text" || fail "man -l ddblab.1.gz does not mention ddblab" "$text"
fi
echo "ok   the manual page"
