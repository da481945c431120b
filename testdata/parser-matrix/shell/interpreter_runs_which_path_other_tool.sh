# An interpreter given the path of another tool's look-up is not a launch.
node "$(which prettier)" --check .
python3 "$(command -v black)" src
