# pip, ping, pipx and pinentry start with pi but are other programs.
pip install requests
ping -c 1 example.com
pipx run black .
pinentry --version
