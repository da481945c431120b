# The runtime's name as an argument to cp/chmod/rm is not a launch.
cp ./dist/claude /tmp/
chmod +x ./bin/claude
rm -f ~/.local/bin/pi
