/* main.c - `leaderboard`: the results server (leaderboard/README.md).
 *
 *   leaderboard --db FILE [--listen 127.0.0.1:8080] [--token-file F] [--threads N]
 *               [--min-matches N] [--author-tokens F] [--arena tcp://HOST:PORT --arena-key F]
 *
 * Tokens come from --token-file and from $LEADERBOARD_TOKENS, author
 * tokens from --author-tokens and $LEADERBOARD_AUTHOR_TOKENS, never from
 * the command line. SIGTERM and SIGINT are taken by sigwait() in the main
 * thread (blocked in every other thread): the server stops accepting,
 * finishes the requests in flight (a post commits or rolls back whole)
 * and closes the database.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/stat.h>
#include "leaderboard/api.h"
#include "leaderboard/http.h"
#include "leaderboard/store.h"
#include "leaderboard/tokens.h"
#include "protocol/curve_keys.h"
#include "stats/standings.h"

static const char usage[] =
    "usage: leaderboard --db FILE [--listen HOST:PORT] [--token-file FILE] [--threads N] [--min-matches N]\n"
    "                   [--author-tokens FILE] [--arena tcp://HOST:PORT --arena-key FILE]\n"
    "  --db FILE          the SQLite database (created when missing; WAL mode)\n"
    "  --listen HOST:PORT IPv4 address (or localhost) and port (default 127.0.0.1:8080;\n"
    "                     port 0: any free port)\n"
    "  --token-file FILE  tokens allowed to post, one per line ('#' comments)\n"
    "  --threads N        request threads (default 4)\n"
    "  --min-matches N    rank only bots with N matches in 3 clusters or more; the others\n"
    "                     are provisional, unranked (default 20; 0: rank every rated bot)\n"
    "  --author-tokens FILE  authors allowed to register bots, AUTHOR:TOKEN a line\n"
    "  --arena tcp://HOST:PORT  the ladder arena bots connect to (GET /api/v1/arena)\n"
    "  --arena-key FILE   its server public key (a .pub file, or the key itself)\n"
    "Tokens may also come from $LEADERBOARD_TOKENS (separated by commas or spaces),\n"
    "author tokens from $LEADERBOARD_AUTHOR_TOKENS.\n"
    "Prints 'listening on http://HOST:PORT' when ready; SIGTERM or SIGINT stop it cleanly.\n";

static int parse_listen(const char *text, char *host, size_t cap, int *port)
{
    const char *colon = strrchr(text, ':');
    char *end;
    if (!colon || (size_t)(colon - text) >= cap || colon == text) return -1;
    long p = strtol(colon + 1, &end, 10);
    if (!colon[1] || *end || p < 0 || p > 65535) return -1;
    memcpy(host, text, (size_t)(colon - text));
    host[colon - text] = 0;
    if (!strcmp(host, "localhost")) snprintf(host, cap, "127.0.0.1");
    *port = (int)p;
    return 0;
}

int main(int argc, char **argv)
{
    const char *db = NULL, *listen = "127.0.0.1:8080", *token_file = NULL, *author_file = NULL, *arena = NULL,
               *arena_key = NULL;
    char host[64], err[512], arena_public[CURVE_KEY_TEXT];
    int port, threads = 4, min_matches = STANDINGS_MIN_MATCHES, status = 1;
    struct tokens tokens, authors;
    struct store *store = NULL;
    struct api *api = NULL;
    struct http *http = NULL;
    sigset_t stop;

    tokens_init(&tokens);
    tokens_init_owned(&authors);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!v || (strcmp(a, "--db") && strcmp(a, "--listen") && strcmp(a, "--token-file") &&
                   strcmp(a, "--threads") && strcmp(a, "--min-matches") && strcmp(a, "--author-tokens") &&
                   strcmp(a, "--arena") && strcmp(a, "--arena-key"))) {
            fprintf(stderr, "leaderboard: %s '%s'\n%s", v ? "unknown option" : "missing value after", a, usage);
            return 2;
        }
        if (!strcmp(a, "--db")) db = v;
        else if (!strcmp(a, "--listen")) listen = v;
        else if (!strcmp(a, "--token-file")) token_file = v;
        else if (!strcmp(a, "--author-tokens")) author_file = v;
        else if (!strcmp(a, "--arena")) arena = v;
        else if (!strcmp(a, "--arena-key")) arena_key = v;
        else if (!strcmp(a, "--min-matches")) {
            char *end;
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 0 || n > 1000000) {
                fprintf(stderr, "leaderboard: --min-matches wants 0 to 1000000\n");
                return 2;
            }
            min_matches = (int)n;
        } else {
            char *end;
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 1 || n > 64) {
                fprintf(stderr, "leaderboard: --threads wants 1 to 64\n");
                return 2;
            }
            threads = (int)n;
        }
        i++;
    }
    if (!db) {
        fprintf(stderr, "leaderboard: --db FILE is required\n%s", usage);
        return 2;
    }
    if (parse_listen(listen, host, sizeof host, &port) < 0) {
        fprintf(stderr, "leaderboard: --listen wants HOST:PORT, not '%s'\n", listen);
        return 2;
    }
    if (!arena != !arena_key || (arena && (strncmp(arena, "tcp://", 6) || strlen(arena) > 256))) {
        fprintf(stderr, "leaderboard: --arena tcp://HOST:PORT and --arena-key FILE go together\n");
        return 2;
    }
    if (arena_key && !curve_key_valid(arena_key) && curve_key_read_public(arena_key, arena_public, err, sizeof err) < 0) {
        fprintf(stderr, "leaderboard: --arena-key: %s\n", err);
        return 2;
    }
    if (arena_key && curve_key_valid(arena_key)) snprintf(arena_public, sizeof arena_public, "%s", arena_key);
    if ((token_file && tokens_read_file(&tokens, token_file, err, sizeof err) < 0) ||
        (getenv("LEADERBOARD_TOKENS") && tokens_read_list(&tokens, getenv("LEADERBOARD_TOKENS"), err, sizeof err) < 0) ||
        (author_file && tokens_read_file(&authors, author_file, err, sizeof err) < 0) ||
        (getenv("LEADERBOARD_AUTHOR_TOKENS") &&
         tokens_read_list(&authors, getenv("LEADERBOARD_AUTHOR_TOKENS"), err, sizeof err) < 0)) {
        fprintf(stderr, "leaderboard: %s\n", err);
        status = 2;
        goto out;
    }
    struct stat st;
    if (token_file && stat(token_file, &st) == 0 && (st.st_mode & (S_IRWXG | S_IRWXO)))
        fprintf(stderr, "leaderboard: warning: '%s' is readable by other users (chmod 600 it)\n", token_file);
    if (author_file && stat(author_file, &st) == 0 && (st.st_mode & (S_IRWXG | S_IRWXO)))
        fprintf(stderr, "leaderboard: warning: '%s' is readable by other users (chmod 600 it)\n", author_file);
    if (tokens.n == 0)
        fprintf(stderr, "leaderboard: no tokens (--token-file or $LEADERBOARD_TOKENS): every post is refused\n");

    /* Block the stop signals before any thread starts, so that only
     * sigwait() below sees them. */
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    signal(SIGPIPE, SIG_IGN);
    if (pthread_sigmask(SIG_BLOCK, &stop, NULL) != 0) {
        fprintf(stderr, "leaderboard: cannot block signals\n");
        goto out;
    }
    if (!(store = store_open(db, err, sizeof err))) {
        fprintf(stderr, "leaderboard: %s\n", err);
        goto out;
    }
    if (!(api = api_new(store, min_matches)) || (arena && api_set_arena(api, arena, arena_public) < 0)) {
        fprintf(stderr, "leaderboard: out of memory\n");
        goto out;
    }
    if (!(http = http_start(host, port, threads, api, &tokens, &authors, err, sizeof err))) {
        fprintf(stderr, "leaderboard: %s\n", err);
        goto out;
    }
    printf("listening on http://%s:%d\n", host, http_port(http));
    fflush(stdout);
    int sig = 0;
    if (sigwait(&stop, &sig) != 0) fprintf(stderr, "leaderboard: sigwait failed\n");
    status = 0;
out:
    http_stop(http);
    api_free(api);
    store_close(store);
    tokens_release(&tokens);
    tokens_release(&authors);
    return status;
}
