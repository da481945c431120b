# secret_and_version_manager_exec.sh where the managers run plain tools,
# or the runtime's name is a profile, a secret or a typescript file.
doppler run --project claude -- make deploy
doppler secrets get CLAUDE_KEY
aws-vault exec claude -- terraform plan
chamber exec claude -- env
asdf install nodejs 22
script -q claude.log
