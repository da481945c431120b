# $'\x63laude' decodes to claude.
$'\x63laude' -p hi # want "RED:direct-literal"
