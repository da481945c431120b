#!/bin/sh
# Near miss of nix_run_flake.sh: flakes whose programs are no runtime.
nix run nixpkgs#prettier -- --check .
nix run .#lint
nix run github:numtide/treefmt -- --fail-on-change
