#!/usr/bin/env bash
# scripts/action.sh: the logic of the check-launches GitHub Action
# (action.yml at the repository root), kept in a script so that it can be
# run and tested outside GitHub (cmd/check-launches/checklaunches/
# action_test.go runs it with GITHUB_* pointing at temp files).
#
# Inputs come as INPUT_* environment variables (set by action.yml):
#   INPUT_ROOT, INPUT_CONFIG, INPUT_BASELINE, INPUT_DIFF_BASE, INPUT_ARGS,
#   INPUT_SARIF_UPLOAD (true|false), INPUT_SARIF_FILE, INPUT_VERSION.
# CHECK_LAUNCHES_BIN, when set, is used instead of building the binary.
#
# It builds check-launches (from the action's own checkout with `go build`,
# or `go install ...@INPUT_VERSION`), runs it once with text output (which
# prints at most 10 workflow annotations under GitHub Actions), appends the
# Markdown inventory to $GITHUB_STEP_SUMMARY, writes the SARIF file when
# asked, sets the step outputs, and exits with check-launches' status:
# 0 no RED, 1 RED, 2 usage, config or I/O error.
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
work="$(mktemp -d "$tmp/check-launches.XXXXXX")"

bin="${CHECK_LAUNCHES_BIN:-}"
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

# The summary counts are the first keys of their names in the indented
# JSON report (the summary object comes before families and findings).
# The gate's "failing" is indented the same way and present only with a
# baseline or a diff base; without them every RED finding fails.
count() {
  [[ -s $json ]] || return 0
  sed -n "s/^    \"$1\": \([0-9][0-9]*\),\{0,1\}\$/\1/p" "$json" | head -n 1
}
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
