#pragma once
#include "second.h"
#define FIRST_VALUE 1
int inFirst;
