#!/bin/bash
# Lines written into fish's startup and autoloaded function files
# (review 27 G): config.fish, conf.d/*.fish and functions/*.fish run in
# every later fish, a function file by its name, so they are scanned
# where they are written. Near miss: near_miss_fish_startup_written.sh.
mkdir -p ~/.config/fish/functions
printf 'function rv\n    claude -p $argv\nend\n' > ~/.config/fish/functions/rv.fish # want "RED:eval"
echo 'pi --print "good morning"' >> ~/.config/fish/config.fish # want "RED:eval"
fish -c 'rv "review"'
