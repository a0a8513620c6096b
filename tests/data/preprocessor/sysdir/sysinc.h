int inSys;
