# `sudo -k CMD` (--reset-timestamp) runs CMD after forgetting the cached
# credentials: the model took -k as an option that runs nothing, like -K
# or -l, so the launch behind it was silent. Near misses: `sudo -l CMD`
# only lists whether CMD is allowed, and `sudo -k` alone runs nothing.
sudo -k claude -p # want "RED:direct-literal"
sudo --reset-timestamp claude -p # want "RED:direct-literal"
sudo -l claude -p
sudo -k
