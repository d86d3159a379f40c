/* commands.h - the arena's commands. Each lives in its own file
 * arena/cmd_<name>.c, takes the arguments after its name, prints its own
 * --help, and returns the process's exit status (2 for bad usage). main.c
 * holds the table below; adding a command is a file and one line there.
 */
#ifndef ARENA_COMMANDS_H
#define ARENA_COMMANDS_H

struct command {
    const char *name;
    const char *summary;        /* one line for `arena --help` */
    int (*run)(int argc, char **argv);
};

int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_ratings(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_sprt(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_resume(int argc, char **argv);
int cmd_post(int argc, char **argv);

/* True when argv holds --help or -h. */
int command_wants_help(int argc, char **argv);

#endif
