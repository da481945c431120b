# A trailing comment naming the runtime after another command stays clean.
echo "building" # then run claude -p by hand
