# which only prints where a program is.
which claude
which -a pi
