# A launch split over continued lines is reported where the name is.
# want +1 "RED:direct-literal"
claude \
  -p "hello" \
  --output-format json
