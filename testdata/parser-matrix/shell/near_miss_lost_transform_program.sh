#!/bin/bash
# Near miss of lost_transform_program.sh: the same transforms whose
# output is only printed or passed as an argument, a transform of a value
# from outside the file (unknown, as any environment value), and exact
# trims and replacements that give programs that are no runtime.
echo "$(echo edualc | rev)"
printf '%s\n' "$(echo Y2xhdWRl | base64 -d)"
cxx=$(echo "$CC" | sed 's/gcc/g++/')
"$cxx" -o app main.cc
t=gxt
"${t/x/i}" status
for s in build.sh test.sh; do "./${s%.sh}-wrapper" --quiet; done
name=$(echo "Hello" | tr A-Z a-z)
git commit -m "$name"
