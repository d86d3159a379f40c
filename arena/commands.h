/* commands.h - the arena's commands. Each lives in its own file
 * arena/cmd_<name>.c, takes the arguments after its name, parses them with
 * options.h against its spec there (which also prints its --help), and
 * returns the process's exit status (2 for bad usage). main.c holds the
 * table below; adding a command is a file, its spec in options.c and one
 * line there.
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
int cmd_rules(int argc, char **argv);
int cmd_keys(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_version(int argc, char **argv);

#endif
