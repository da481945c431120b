#!/usr/bin/env bash
# scripts/action.sh: the logic of the check-launches GitHub Action
# (action.yml at the repository root), kept in a script so that it can be
# run and tested outside GitHub (cmd/check-launches/checklaunches/
# action_test.go runs it with GITHUB_* pointing at temp files).
#
# Inputs come as INPUT_* environment variables (set by action.yml):
#   INPUT_ROOT, INPUT_CONFIG, INPUT_BASELINE, INPUT_DIFF_BASE, INPUT_ARGS,
#   INPUT_SARIF_UPLOAD (true|false), INPUT_SARIF_FILE, INPUT_VERSION,
#   INPUT_BUILD (true|false), INPUT_FIX_SUMMARY (true|false).
#
# The binary, in this order:
# 1. CHECK_LAUNCHES_BIN, when set (the action's fetch step, .ci/run, tests).
# 2. Unless INPUT_BUILD is true: the release binary of the version, on a
#    Linux amd64 or arm64 runner. The version is INPUT_VERSION, else the
#    action's own ref (CHECK_LAUNCHES_ACTION_REF, from github.action_ref)
#    when it is a release tag (v1.2.3). The binary
#    check-launches-linux-ARCH and SHA256SUMS are fetched from
#    CHECK_LAUNCHES_RELEASE_URL/VERSION/ (default: the GitHub releases of
#    leasegate; a local folder or a file:// URL for tests and mirrors) and
#    the binary must match its SHA256SUMS line: a mismatch, or a binary that
#    SHA256SUMS does not list, fails the job with status 2 (never run an
#    unverified binary, never paper over it by building). A release that
#    cannot be fetched (none for that tag, no network) falls through to 3.
# 3. Build it with Go: `go install ...@INPUT_VERSION` when a version is
#    given, else `go build` in the action's own checkout.
#
# `action.sh fetch` does step 2 only and writes bin=PATH (empty when Go must
# build) to $GITHUB_OUTPUT, so that action.yml sets up Go only when needed.
#
# Then it runs check-launches once with text output (which prints at most
# 10 workflow annotations under GitHub Actions), appends the Markdown
# inventory to $GITHUB_STEP_SUMMARY, writes the SARIF file when asked, sets
# the step outputs, and exits with check-launches' status: 0 no RED, 1 RED,
# 2 usage, config or I/O error.
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
work="$(mktemp -d "$tmp/check-launches.XXXXXX")"

# Workflow commands (::notice, ::error) go to the log on fd 3 (stdout), also
# from inside $(release_binary), whose stdout is the binary's path.
exec 3>&1
release_url="${CHECK_LAUNCHES_RELEASE_URL:-https://github.com/leasegate/leasegate/releases/download}"

# fetch_file SRC DEST: a URL (https, or file for tests) or a local path.
fetch_file() {
  case $1 in
  *://*) curl -fsSL --retry 3 --proto '=https,file' -o "$2" "$1" ;;
  *) cp "$1" "$2" ;;
  esac
}

# release_binary: prints the path of the verified release binary, or
# nothing when there is none to use; exits 2 when one fails verification.
release_binary() {
  [[ ${INPUT_BUILD:-false} == true ]] && return 0
  local version="${INPUT_VERSION:-${CHECK_LAUNCHES_ACTION_REF:-}}"
  local tag='^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$'
  if [[ ! $version =~ $tag ]]; then
    echo "check-launches: ${version:-the ref of this action} is not a release tag (v1.2.3); building from source" >&2
    return 0
  fi
  local os arch
  os="$(uname -s)"
  case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch="$(uname -m)" ;;
  esac
  if [[ $os != Linux || ($arch != amd64 && $arch != arm64) ]]; then
    echo "check-launches: no release binary for $os/$arch; building from source" >&2
    return 0
  fi
  local name="check-launches-linux-$arch" dir="$work/release"
  mkdir -p "$dir"
  if ! fetch_file "$release_url/$version/SHA256SUMS" "$dir/SHA256SUMS" ||
    ! fetch_file "$release_url/$version/$name" "$dir/$name"; then
    echo "::notice title=check-launches::no release binary $name for $version at $release_url; building from source" >&3
    return 0
  fi
  local want got
  want="$(awk -v f="$name" '$2 == f || $2 == "*" f { print $1; exit }' "$dir/SHA256SUMS")"
  got="$(sha256sum "$dir/$name" | cut -d ' ' -f 1)"
  if [[ -z $want ]]; then
    echo "::error title=check-launches::$name is not listed in the SHA256SUMS of $version; refusing to run it" >&3
    exit 2
  fi
  if [[ $got != "$want" ]]; then
    echo "::error title=check-launches::checksum mismatch for $name $version: sha256 $got, SHA256SUMS says $want; refusing to run it" >&3
    exit 2
  fi
  chmod +x "$dir/$name"
  echo "check-launches: release $version ($name, sha256 $got verified)" >&2
  echo "$dir/$name"
}

if [[ ${1:-} == fetch ]]; then
  bin="$(release_binary)" || exit "$?"
  if [[ -n ${GITHUB_OUTPUT:-} ]]; then
    echo "bin=$bin" >>"$GITHUB_OUTPUT"
  fi
  exit 0
fi

bin="${CHECK_LAUNCHES_BIN:-}"
if [[ -z $bin ]]; then
  bin="$(release_binary)" || exit "$?"
fi
if [[ -z $bin ]]; then
  echo "::group::Build check-launches"
  if [[ -n ${INPUT_VERSION:-} ]]; then
    GOBIN="$work/bin" go install "github.com/leasegate/leasegate/cmd/check-launches@${INPUT_VERSION}"
  else
    (cd "$action_path" && go build -trimpath -o "$work/bin/check-launches" ./cmd/check-launches)
  fi
  echo "::endgroup::"
  bin="$work/bin/check-launches"
fi

args=(--root "${INPUT_ROOT:-.}")
[[ -n ${INPUT_CONFIG:-} ]] && args+=(--config "$INPUT_CONFIG")
[[ -n ${INPUT_BASELINE:-} ]] && args+=(--baseline "$INPUT_BASELINE")
[[ -n ${INPUT_DIFF_BASE:-} ]] && args+=(--diff-base "$INPUT_DIFF_BASE")
summary="$work/summary.md"
json="$work/report.json"
args+=(--output "markdown=$summary" --output "json=$json")
sarif=""
if [[ ${INPUT_SARIF_UPLOAD:-false} == true || -n ${INPUT_SARIF_FILE:-} ]]; then
  sarif="${INPUT_SARIF_FILE:-$work/check-launches.sarif}"
  args+=(--output "sarif=$sarif")
fi
# Extra arguments are split on blanks (no quoting).
read -r -a extra <<<"${INPUT_ARGS:-}"

set +e
"$bin" "${args[@]}" ${extra[@]+"${extra[@]}"}
status=$?
set -e

if [[ -s $summary && -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  cat "$summary" >>"$GITHUB_STEP_SUMMARY"
fi

# With fix-summary, RED findings that `check-launches fix` can rewrite are
# shown as its diff in the job summary (nothing is changed; the job's status
# stays the scan's).
if [[ $status == 1 && ${INPUT_FIX_SUMMARY:-false} == true && -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  fix_args=(fix --root "${INPUT_ROOT:-.}")
  [[ -n ${INPUT_CONFIG:-} ]] && fix_args+=(--config "$INPUT_CONFIG")
  fix_diff="$work/fix.diff"
  "$bin" "${fix_args[@]}" >"$fix_diff" 2>"$work/fix.log" || true
  if [[ -s $fix_diff ]]; then
    {
      echo
      echo "### check-launches fix"
      echo
      echo "\`check-launches fix --write\` would gate these launches ($(tail -n 1 "$work/fix.log" | sed 's/^check-launches fix: //')):"
      echo
      echo '```diff'
      cat "$fix_diff"
      echo '```'
    } >>"$GITHUB_STEP_SUMMARY"
  fi
fi

# The summary counts are the first keys of their names in the indented
# JSON report (the summary object comes before families and findings).
# The gate's "failing" is indented the same way and present only with a
# baseline or a diff base; without them every RED finding fails.
count() {
  [[ -s $json ]] || return 0
  sed -n "s/^    \"$1\": \([0-9][0-9]*\),\{0,1\}\$/\1/p" "$json" | head -n 1
}
notes="$(count notes)" # absent from the report when zero
failing="$(count failing)"
[[ -n $failing ]] || failing="$(count red)"
json_out=""
[[ -s $json ]] && json_out="$json"
sarif_out=""
[[ -n $sarif && -s $sarif ]] && sarif_out="$sarif"
if [[ -n ${GITHUB_OUTPUT:-} ]]; then
  {
    echo "exit-code=$status"
    echo "files-scanned=$(count files_scanned)"
    echo "launches=$(count launches)"
    echo "gated=$(count gated)"
    echo "red=$(count red)"
    echo "notes=${notes:-0}"
    echo "failing=$failing"
    echo "json-file=$json_out"
    echo "sarif-file=$sarif_out"
  } >>"$GITHUB_OUTPUT"
fi

case $status in
0) ;;
1) echo "check-launches: RED findings fail this job; run \`check-launches explain CLASS\` for the fix of each class" >&2 ;;
*) echo "::error title=check-launches::check-launches could not run (exit $status); see the log above" ;;
esac
exit "$status"
