# Perl's and Ruby's exec and system without parentheses, and their list
# forms (`exec "claude", "-p", "x"`: an argv): interpreter code that
# starts the runtime. Near miss: near_miss_perl_ruby_exec_list.sh.
perl -e 'exec "claude", "-p", "triage"' # want "RED:eval"
perl -E 'system "pi", "--print", "notes"; print "done\n"' # want "RED:eval"
ruby -e 'exec "claude -p summary"' # want "RED:eval"
