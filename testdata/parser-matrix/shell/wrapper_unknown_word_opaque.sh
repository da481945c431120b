# An unknown word in a wrapper's arguments is one opaque word: it never
# hides the command after it (issue 15). The runtime is found as dynamic,
# since the unknown word could also have been the command.
env "$FLAG" claude -p x # want "RED:dynamic"
sudo -u "$USER" claude -p x # want "RED:direct-literal"
env "$FLAG" echo claude
