#ifndef STOREFRONT_CNCURSESW_SHIM_H
#define STOREFRONT_CNCURSESW_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncurses.h>
#endif
