# <<- strips leading tabs; the body is still shell.
bash <<-EOF
	claude -p hi # want "RED:eval"
	EOF
