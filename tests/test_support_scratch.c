/* test_support_scratch.c - what the other tests stand on to never collide
 * (tests/support_scratch.h): the scratch directory is the test's own and
 * goes away, a reserved port is refused to everyone but a program that
 * means to listen on it, and processes are told apart by the directory at
 * the head of their command line.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "tests/support_scratch.h"

Test(support_scratch, the_directory_is_private_holds_tmpdir_and_goes_away)
{
    char before[PATH_MAX], made[PATH_MAX];
    const char *tmp = getenv("TMPDIR");
    struct stat st;
    snprintf(before, sizeof before, "%s", tmp ? tmp : "");
    snprintf(made, sizeof made, "%s", support_scratch_dir());
    cr_assert_eq(strncmp(made, *before ? before : "/tmp", strlen(*before ? before : "/tmp")), 0, "%s", made);
    cr_assert_eq(stat(made, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0700);
    cr_assert_str_eq(getenv("TMPDIR"), made, "what programs put under $TMPDIR lands in the directory");
    FILE *f = fopen(support_scratch_path("a/b"), "w");
    cr_assert_null(f, "subdirectories are not made");
    cr_assert_eq(mkdir(support_scratch_path("a"), 0700), 0);
    f = fopen(support_scratch_path("a/b"), "w");
    cr_assert_not_null(f);
    fclose(f);
    support_scratch_remove();
    cr_assert_neq(stat(made, &st), 0, "%s is still there", made);
    cr_assert_str_eq(getenv("TMPDIR") ? getenv("TMPDIR") : "", before, "TMPDIR is put back");
    cr_assert_str_neq(support_scratch_dir(), made, "a new directory after the removal");
}

static int connect_to(int port)
{
    struct sockaddr_in a;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons((uint16_t)port);
    int rc = connect(s, (struct sockaddr *)&a, sizeof a);
    int why = errno;
    close(s);
    return rc == 0 ? 0 : why;
}

Test(support_scratch, a_reserved_port_is_nobody_elses_until_a_program_listens_on_it)
{
    int port = support_scratch_port();
    cr_assert_eq(connect_to(port), ECONNREFUSED, "nothing listens on a reserved port");
    for (int i = 0; i < 2000; i++) {
        struct sockaddr_in a;
        socklen_t len = sizeof a;
        int s = socket(AF_INET, SOCK_STREAM, 0);
        memset(&a, 0, sizeof a);
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0);
        cr_assert_eq(getsockname(s, (struct sockaddr *)&a, &len), 0);
        cr_assert_neq(ntohs(a.sin_port), port, "port 0 was given the reserved port");
        close(s);
    }
    char endpoint[64], buf[8];
    snprintf(endpoint, sizeof endpoint, "tcp://127.0.0.1:%d", port);
    void *ctx = zmq_ctx_new(), *router = zmq_socket(ctx, ZMQ_ROUTER), *dealer = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(router, ZMQ_LINGER, &zero, sizeof zero);
    zmq_setsockopt(dealer, ZMQ_LINGER, &zero, sizeof zero);
    cr_assert_eq(zmq_bind(router, endpoint), 0, "libzmq cannot listen on it: %s", zmq_strerror(zmq_errno()));
    cr_assert_eq(zmq_connect(dealer, endpoint), 0);
    cr_assert_eq(zmq_send(dealer, "hi", 2, 0), 2);
    cr_assert_gt(zmq_recv(router, buf, sizeof buf, 0), 0);   /* the identity */
    cr_assert_eq(zmq_recv(router, buf, sizeof buf, 0), 2);
    zmq_close(dealer);
    zmq_close(router);
    zmq_ctx_term(ctx);
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

Test(support_scratch, a_named_command_is_found_by_the_directory_in_its_command_line, .timeout = 30)
{
    char want[PATH_MAX], cmd[2 * PATH_MAX];
    const char *bin = getenv("BIN");
    snprintf(want, sizeof want, "bash -c 'exec -a %s/bot-random %s/bot-random --seed 4'", support_scratch_dir(),
             bin ? bin : "build/bin");
    cr_assert_str_eq(support_scratch_command("bot-random", "--seed 4"), want);
    /* A process named the same way: sleep, which waits to be looked for. */
    snprintf(want, sizeof want, "%s 30", support_scratch_path("sleeper"));
    cr_assert_eq(support_scratch_processes(want), 0);
    snprintf(cmd, sizeof cmd, "exec -a %s sleep 30", support_scratch_path("sleeper"));
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        execl("/bin/bash", "bash", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    int found = 0;
    for (int waited = 0; !found && waited < 10000; waited += 20) {
        found = support_scratch_processes(want);
        if (!found) sleep_ms(20);
    }
    cr_expect_eq(found, 1, "the process named '%s' was not found", want);
    cr_expect_eq(support_scratch_processes(support_scratch_path("sleeper 3")), 0, "a prefix of its words, not of its text");
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    cr_expect_eq(support_scratch_processes(want), 0, "a reaped process is not counted");
}
