/* version.h - the arena's version: `arena --version` prints it and the
 * welcome message gives it to every bot (protocol/README.md). */
#ifndef ARENA_VERSION_H
#define ARENA_VERSION_H

#define ARENA_VERSION "0.1"

#endif
