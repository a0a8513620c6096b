// found next to sub/first.h, which includes it
#define SECOND_VALUE 2
int inSubSecond;
