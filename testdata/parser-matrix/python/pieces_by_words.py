# The primitive written as words and joined at load time, in a module that
# starts nothing: the pieces' letters go on as the primitive's do.
FLAG = ("--Dangerously Skip " + "Permissions").lower().replace(" ", "-")  # want "RED:dangerous-primitive"
