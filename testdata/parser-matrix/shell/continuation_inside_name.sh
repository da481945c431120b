# A line continuation inside the command word still yields claude.
# want +1 "RED:direct-literal"
cla\
ude -p hi
