/* lbclient.c - the leaderboard clients' token and libcurl start
 * (lbclient.h). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <curl/curl.h>
#include "arena/tournament/lbclient.h"

int lbclient_auth_header(const char *token_file, char *header, size_t cap, char *err, size_t err_cap)
{
    char token[512] = "";
    FILE *f = token_file ? fopen(token_file, "r") : NULL;
    if (!f || !fgets(token, sizeof token, f)) {
        snprintf(err, err_cap, "cannot read the leaderboard token from '%.200s'%s%s", token_file ? token_file : "(none)",
                 f ? "" : ": ", f ? "" : strerror(errno));
        if (f) fclose(f);
        return -1;
    }
    fclose(f);
    token[strcspn(token, "\r\n")] = '\0';
    int rc = 0;
    if (!token[0]) {
        snprintf(err, err_cap, "the token file '%.200s' is empty", token_file);
        rc = -1;
    } else if ((size_t)snprintf(header, cap, "Authorization: Bearer %s", token) >= cap) {
        snprintf(err, err_cap, "the token in '%.200s' is too long", token_file);
        rc = -1;
    }
    memset(token, 0, sizeof token);
    return rc;
}

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static CURLcode curl_started;

static void start_curl(void)
{
    curl_started = curl_global_init(CURL_GLOBAL_DEFAULT);
}

int lbclient_curl_start(char *err, size_t err_cap)
{
    pthread_once(&curl_once, start_curl);
    if (curl_started == CURLE_OK) return 0;
    snprintf(err, err_cap, "cannot start libcurl: %s", curl_easy_strerror(curl_started));
    return -1;
}
