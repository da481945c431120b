# A default stored in a variable, then run.
R="${R:-pi}"
"$R" --print hi # want "RED:dynamic"
