# Valid bash that mvdan cannot parse still has its launches found; the
# look-up by the other dotted key is that element only.
declare -A bins=([agent.main]=claude [tool.fmt]=prettier)
"${bins[agent.main]}" -p x # want "RED:variable-execution"
"${bins[tool.fmt]}" --check .
