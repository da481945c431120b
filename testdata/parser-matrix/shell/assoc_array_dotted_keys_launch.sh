# Valid bash that mvdan cannot parse still has its launches found.
declare -A bins=([agent.main]=claude [tool.fmt]=prettier)
"${bins[agent.main]}" -p x # want "RED:variable-execution"
