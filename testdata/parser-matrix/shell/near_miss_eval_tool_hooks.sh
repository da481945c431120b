# eval of other tools' output is not a launch.
eval "$(ssh-agent -s)"
eval "$(direnv hook bash)"
