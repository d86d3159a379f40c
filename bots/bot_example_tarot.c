/* bot_example_tarot.c - the smallest Tarot bot (3-5 players): a prise with 7 trumps or 2 bouts, the first king
 * called, the listed discard of fewest points, no poignée or chelem; its highest card when it beats the trick. */
#include <string.h>
#include "protocol/sdk.h"
static int power(const char *c)   /* trumps above suits, the Excuse lowest */
{
    if (c[0] == 'E') return 0;
    if (c[0] >= '0' && c[0] <= '9' && c[1] >= '0' && c[1] <= '9') return 100 + (c[0] - '0') * 10 + c[1] - '0';
    return 1 + (int)(strchr("123456789TJNQK", c[0]) - "123456789TJNQK");
}

static int act(void *ctx, const struct codec_game_message *req, char *answer, size_t cap)
{
    const cJSON *v = req->view, *trick = cJSON_GetObjectItem(cJSON_GetObjectItem(v, "trick"), "cards"), *c;
    int trumps = 0, bouts = 0, best = 0, pick = 0, low = 999, high = -1, cheapest = 99999;
    (void)ctx, (void)answer, (void)cap;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(v, "hand"))
        trumps += power(c->valuestring) > 100, bouts += strstr("01 21 EX", c->valuestring) != NULL;
    cJSON_ArrayForEach(c, trick) if (power(c->valuestring) > best) best = power(c->valuestring);
    for (int i = 0; i < req->n_legal; i++) {
        const char *a = req->legal[i];
        if (!strcmp(a, "bid prise")) return trumps >= 7 || bouts >= 2 ? i : 0;
        if (!strncmp(a, "call ", 5)) return i;   /* else legal[0]: pass (auction, chelem) */
        if (!strncmp(a, "discard ", 8)) {   /* the listed discard of fewest points */
            int points = 0;
            for (const char *p = a + 7; *p; p += 3) points += power(p + 1) > 10 ? power(p + 1) : 0;
            if (points < cheapest) cheapest = points, pick = i;
        } else if (!strncmp(a, "play ", 5) && cJSON_GetArraySize(trick) && power(a + 5) > best && power(a + 5) > high) {
            high = power(a + 5), pick = i;
        } else if (!strncmp(a, "play ", 5) && high < 0 && power(a + 5) < low) low = power(a + 5), pick = i;
    }
    return pick;
}

int main(void)
{
    static const char *const games[] = { "tarot", NULL };
    return sdk_game_run(&(struct sdk_game_bot){ "example-tarot", "1.0", games, act, NULL, NULL, NULL, 0 }, NULL);
}
