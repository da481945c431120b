# A background launch is still a launch.
claude -p "long task" & # want "RED:direct-literal"
wait
