# sh.Command('claude') called at once.
import sh

sh.Command("claude")("-p", "hi")  # want "RED:process-api"
