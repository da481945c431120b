# screen -dmS runs its command detached.
screen -dmS agent claude -p hi # want "RED:direct-literal"
