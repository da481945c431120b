# type and type -P only look a name up.
type claude
type -P pi
