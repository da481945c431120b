# launch-runtime without --runtime starts nothing.
launch-runtime --help
launch-runtime --version
