/* The check macros of the platform's C tests (api_calls.c, image_calls.c, aliasing.c):
 * CHECK_EQ(got, want) compares two integer values (OpenCL error codes, sizes, results) and
 * prints "file:line: EXPR gave G, expected WANT (W)" for a failure; CHECK(cond) checks a
 * condition. `checks` counts the checks made and `failures` the failed ones; each test
 * prints its totals and exits 1 if `failures` is not 0. */
#ifndef CLSTEP_TESTS_PLATFORM_CHECKS_H
#define CLSTEP_TESTS_PLATFORM_CHECKS_H

#include <stdio.h>

static int failures = 0;
static int checks = 0;

#define CHECK_EQ(got, want)                                                                        \
    do {                                                                                           \
        long long g_ = (long long)(got), w_ = (long long)(want);                                   \
        ++checks;                                                                                  \
        if (g_ != w_) {                                                                            \
            ++failures;                                                                            \
            fprintf(stderr, "%s:%d: %s gave %lld, expected %s (%lld)\n", __FILE__, __LINE__, #got, \
                    g_, #want, w_);                                                                \
        }                                                                                          \
    } while (0)
#define CHECK(cond) CHECK_EQ(!!(cond), 1)

#endif
