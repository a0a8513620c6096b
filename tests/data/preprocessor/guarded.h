#ifndef GUARDED_H
#define GUARDED_H
#define GUARDED 3
int inGuarded;
#endif
