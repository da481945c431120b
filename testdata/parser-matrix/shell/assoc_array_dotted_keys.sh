# Valid bash that mvdan cannot parse (associative-array keys with dots) is
# not RED when it runs no runtime: bash -n accepts it.
declare -A versions=([node.lts]=22 [go.min]=1.24)
echo "${versions[node.lts]}"
