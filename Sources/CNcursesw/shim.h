#ifndef STOREFRONT_CNCURSESW_SHIM_H
#define STOREFRONT_CNCURSESW_SHIM_H

/* SwiftPM drops the -D_XOPEN_SOURCE that pkg-config asks for; without these the
   wide-character API (cchar_t, setcchar, wget_wch) is not declared. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncurses.h>
#include <term.h>

/* stdscr, LINES, COLS, COLOR_PAIRS and the A_* attributes are variables or
   function-like macros that Swift cannot import; these wrappers can be. */

static inline WINDOW *storefront_stdscr(void) { return stdscr; }
static inline int storefront_lines(void) { return LINES; }
static inline int storefront_columns(void) { return COLS; }
static inline int storefront_color_pairs(void) { return COLOR_PAIRS; }
static inline int storefront_colors(void) { return COLORS; }

static inline attr_t storefront_attribute_normal(void) { return A_NORMAL; }
static inline attr_t storefront_attribute_bold(void) { return A_BOLD; }
static inline attr_t storefront_attribute_dim(void) { return A_DIM; }
static inline attr_t storefront_attribute_reverse(void) { return A_REVERSE; }
static inline attr_t storefront_attribute_underline(void) { return A_UNDERLINE; }

/* The C library's column width of one wide character in the current locale:
   the measure ncurses and most terminals use. glibc declares wcwidth only
   under _XOPEN_SOURCE, which the system module is not built with. */
extern int wcwidth(wchar_t character);
static inline int storefront_character_width(wchar_t character) { return wcwidth(character); }

/* The codeset of the current LC_CTYPE locale, e.g. "UTF-8" or "ANSI_X3.4-1968". */
static inline const char *storefront_locale_codeset(void) { return nl_langinfo(CODESET); }

/* Outcomes of probing a terminal type before any screen is set up. */
enum storefront_terminal_probe {
    STOREFRONT_TERMINAL_USABLE = 0,
    STOREFRONT_TERMINAL_UNKNOWN = 1,
    STOREFRONT_TERMINAL_NO_DATABASE = 2,
    STOREFRONT_TERMINAL_HARDCOPY = 3,
    STOREFRONT_TERMINAL_NOT_ADDRESSABLE = 4
};

/* Looks the terminal type up in terminfo without writing anything to the
   terminal (initscr would print and exit on failure), and checks that it can
   address the cursor, which full-screen drawing needs. */
static inline enum storefront_terminal_probe storefront_probe_terminal(const char *name, int fd) {
    int status = 0;
    if (setupterm(name, fd, &status) != OK) {
        if (status == 1) return STOREFRONT_TERMINAL_HARDCOPY;
        if (status == -1) return STOREFRONT_TERMINAL_NO_DATABASE;
        return STOREFRONT_TERMINAL_UNKNOWN;
    }
    const char *cursor_address_capability = tigetstr("cup");
    int addressable = cursor_address_capability != NULL && cursor_address_capability != (const char *)-1;
    del_curterm(cur_term);
    return addressable ? STOREFRONT_TERMINAL_USABLE : STOREFRONT_TERMINAL_NOT_ADDRESSABLE;
}

/* A screen on the process's standard output and input. */
static inline SCREEN *storefront_new_screen(const char *name) { return newterm(name, stdout, stdin); }

/* Draws one cell: a spacing character plus up to four combining characters,
   null-terminated, with attributes and a colour pair. */
static inline int storefront_put_cell(int row, int column, const wchar_t *glyph, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, glyph, attributes, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(stdscr, row, column, &cell);
}

/* Bracketed paste: the terminal wraps pasted text in two sequences, which ncurses is taught
   to return as these key codes (beyond its own). */
static inline int storefront_key_paste_start(void) { return KEY_MAX + 1; }
static inline int storefront_key_paste_end(void) { return KEY_MAX + 2; }

/* A string capability of the current terminal (standard or extended, such as "BE"), or NULL
   when the terminal does not have it. */
static inline const char *storefront_terminfo_string(const char *name) {
    const char *value = tigetstr(name);
    return (value == NULL || value == (const char *)-1) ? NULL : value;
}

#endif
