# Elements set one by one (m[key]=value) are possibilities of the array.
declare -A runners
runners[review]=claude
runners[build]=make
"${runners[review]}" -p x # want "RED:variable-execution"
"${runners[build]}" -j4
