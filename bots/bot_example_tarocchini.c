/* bot_example_tarocchini.c - the smallest Tarocchini bot: never throws the deal in, discards two blanks,
 * declares its biggest combination each turn, leads its highest card and follows with its lowest. */
#include <string.h>
#include "protocol/sdk.h"

static int act(void *ctx, const struct codec_game_message *req, char *answer, size_t cap)
{
    const cJSON *trick = cJSON_GetObjectItem(cJSON_GetObjectItem(req->view, "trick"), "cards");
    int n = req->n_legal, best = n - 1, lead = cJSON_GetArraySize(trick) == 0;
    (void)ctx, (void)answer, (void)cap;
    if (!strcmp(req->legal[0], "monte")) return 1;                     /* pass */
    if (!strncmp(req->legal[0], "discard", 7)) return n - 1;           /* the last pair: low coins */
    if (!strcmp(req->legal[n - 1], "pass")) {                          /* the declaration with most cards */
        for (int i = 0; i < n - 1; i++)
            if (strlen(req->legal[i]) > strlen(req->legal[best]) || best == n - 1) best = i;
        return best;
    }
    for (int i = 0; i < n; i++)                                        /* bare plays only, no signals */
        if (!strchr(req->legal[i] + 5, ' ')) {
            if (lead) return i;                                        /* pack order: highest trump first */
            best = i;                                                  /* the last bare play: a low card */
        }
    return best;
}

int main(void)
{
    static const char *const games[] = { "tarocchini", NULL };
    return sdk_game_run(&(struct sdk_game_bot){ "example-tarocchini", "1.0", games, act, NULL, NULL, NULL, 0 }, NULL);
}
