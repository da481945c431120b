# perl_ruby_exec_list.sh running plain tools, and code that only prints
# the runtime's name.
perl -e 'exec "git", "log", "--oneline"'
perl -e 'print "claude", "-p", "\n"'
ruby -e 'system "make", "claude.md"'
