#error "wrong second.h: quoted includes are searched next to the including file first"
