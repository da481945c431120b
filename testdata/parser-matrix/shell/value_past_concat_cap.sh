# A value built by concatenation past its 1 MiB cap (eighteen lines double
# eight bytes to 1 MiB, then one more part) was unknown whole: three
# launches read as "no launch". The cap keeps the value's two ends around
# an unknown middle and is reported where the value is used. Near miss:
# the same doubling to 512 KiB stays under the cap and is clean.
X0=aaaaaaaa
X1="$X0$X0"
X2="$X1$X1"
X3="$X2$X2"
X4="$X3$X3"
X5="$X4$X4"
X6="$X5$X5"
X7="$X6$X6"
X8="$X7$X7"
X9="$X8$X8"
X10="$X9$X9"
X11="$X10$X10"
X12="$X11$X11"
X13="$X12$X12"
X14="$X13$X13"
X15="$X14$X14"
X16="$X15$X15"
X17="$X16$X16"
"$X17/claude" -p # want "RED:absolute-path" "RED:unparseable"
eval "claude $X17" # want "RED:eval" "RED:unparseable"
eval "$X17;claude" # want "RED:eval" "RED:unparseable"
echo "$X16/claude"
printf %s "$X16$X16" >/dev/null
