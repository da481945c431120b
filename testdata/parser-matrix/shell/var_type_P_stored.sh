# A path found with type -P, stored and run.
p=$(type -P pi)
$p --print hi # want "RED:dynamic"
