#!/bin/bash
# Near miss of expect_spawn.sh: expect spawning programs that are no
# runtime, and a runtime's name only sent as text or matched.
expect -c 'spawn git push; expect "Username"; send "bot\r"; expect eof'
expect -c 'spawn ssh-add key; expect "claude"; send "x\r"'
expect -f scripts/login.exp
