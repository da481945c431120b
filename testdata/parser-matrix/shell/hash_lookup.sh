# hash remembers a program's path; it does not run it.
hash claude 2>/dev/null && echo cached
