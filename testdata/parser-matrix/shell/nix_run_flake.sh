#!/bin/sh
# `nix run INSTALLABLE` runs a flake's program (review 29's 155): an
# installable whose attribute after `#`, or whose flake's last path
# element, is a runtime's command or holds a runtime package's own name
# is that runtime. Near miss: near_miss_nix_run_flake.sh.
nix run nixpkgs#claude-code -- -p "review" # want "RED:package-runner"
nix run github:someone/claude-code-nix -- -p "x" # want "RED:package-runner"
nix run nixpkgs#legacyPackages.x86_64-linux.pi-coding-agent -- --print "y" # want "RED:package-runner"
