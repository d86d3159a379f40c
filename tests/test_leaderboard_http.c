/* test_leaderboard_http.c - the leaderboard's HTTP front against a hostile
 * client. A second server on a port already taken fails to start instead
 * of sharing the port with the first.
 */
#include <criterion/criterion.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/test_leaderboard_support.h"

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

/* Runs the server with `args` (NULL-terminated, after the program name)
 * until it exits or wait_ms pass; its stdout and stderr go to `output`.
 * Returns the exit status, or -1 when it was still running (then killed). */
static int run_server(char *const args[], int wait_ms, char *output, size_t cap)
{
    int fds[2];
    char path[512];
    const char *bin = getenv("BIN");
    snprintf(path, sizeof path, "%s/leaderboard", bin ? bin : "build/bin");
    cr_assert_eq(pipe(fds), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        char *argv[16] = { path };
        for (int i = 0; args[i] && i < 14; i++) argv[i + 1] = args[i];
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        setenv("LEADERBOARD_TOKENS", LB_TOKEN, 1);
        execv(path, argv);
        _exit(127);
    }
    cr_assert_eq(close(fds[1]), 0);
    size_t n = 0;
    long deadline = now_ms() + wait_ms;
    for (;;) {
        struct pollfd p = { fds[0], POLLIN, 0 };
        long left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) break;
        ssize_t got = read(fds[0], output + n, cap - 1 - n);
        if (got <= 0) break;
        n += (size_t)got;
        if (n == cap - 1) break;
    }
    output[n] = 0;
    cr_assert_eq(close(fds[0]), 0);
    int status;
    pid_t done = waitpid(pid, &status, WNOHANG);
    while (done == 0 && now_ms() < deadline) {
        nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
        done = waitpid(pid, &status, WNOHANG);
    }
    if (done == 0) {
        kill(pid, SIGKILL);
        cr_assert_eq(waitpid(pid, &status, 0), pid);
        return -1;
    }
    cr_assert_eq(done, pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

Test(leaderboard_http, a_second_server_on_a_taken_port_fails_to_start, .timeout = 30)
{
    struct lb_server s;
    char listen[64], db[256], output[4096], expect[128];
    lb_start(&s);
    snprintf(listen, sizeof listen, "127.0.0.1:%d", s.port);
    snprintf(db, sizeof db, "%s/second.db", s.dir);
    char *args[] = { "--db", db, "--listen", listen, NULL };
    int status = run_server(args, 5000, output, sizeof output);
    cr_assert_eq(status, 1, "the second server on %s: exit status %d (-1: still running), output:\n%s", listen,
                 status, output);
    snprintf(expect, sizeof expect, "cannot listen on %s: Address already in use", listen);
    cr_assert_not_null(strstr(output, expect), "no '%s' in:\n%s", expect, output);
    /* The first serves every request, none went to a second listener. */
    for (int i = 0; i < 20; i++) cJSON_Delete(lb_get(&s, "/api/v1/standings", 200));
    lb_stop(&s);
    lb_cleanup(&s);
}
