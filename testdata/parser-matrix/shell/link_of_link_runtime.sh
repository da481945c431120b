#!/bin/bash
# A link of a link of a runtime: `ln -s ./tool ./tool2` names no runtime,
# but ./tool is one (`ln -s "$(command -v claude)" ./tool`), so ./tool2
# is too, and a copy of ./tool2 (in whatever order the lines are
# written), and an alternative update-alternatives installs. Near miss:
# near_miss_link_of_link_runtime.sh.
ln -s "$(command -v claude)" ./tool
ln -s ./tool ./tool2
cp ./tool2 /usr/local/bin/helper
./tool2 -p "x" # want "RED:dynamic"
helper -p "y" # want "RED:dynamic"
# update-alternatives --install LINK NAME PATH PRIORITY links PATH under
# LINK and NAME
update-alternatives --install /usr/bin/assistant assistant "$(command -v claude)" 10
assistant -p "z" # want "RED:dynamic"
