# A variable holding the runtime name that is only printed is data.
C=claude
echo "$C"
