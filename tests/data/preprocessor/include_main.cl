// Main file of the #include tests (tst_preprocessor.cpp).
#include "sub/first.h"
int mainLine3;
#include <sysinc.h>
int mainLine5 = FIRST_VALUE + SECOND_VALUE;
#include "sub/first.h"
#include "guarded.h"
#include "guarded.h"
int mainLine9 = GUARDED;
