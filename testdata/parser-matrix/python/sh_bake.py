# sh bake() binds arguments; the call runs.
import sh

sh.claude.bake("-p")("hi")  # want "RED:process-api"
