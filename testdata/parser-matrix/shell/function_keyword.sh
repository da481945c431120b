# A function declared with the function keyword.
function run_agent {
  pi --print "$@" # want "RED:direct-literal"
}
