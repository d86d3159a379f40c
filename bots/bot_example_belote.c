/* bot_example_belote.c - the smallest Belote bot, every form: takes or names a suit whose Jack it holds
 * or turns up, exchanges the Seven, melds, plays its highest trump when it wins the trick, else its lowest card. */
#include <string.h>
#include "protocol/sdk.h"
static int order(const char *card, char trump, char led)   /* trick order */
{
    const char *ranks = card[1] == trump ? "78QKTA9J" : "789JQKTA";
    return (int)(strchr(ranks, card[0]) - ranks) + (card[1] == trump ? 16 : card[1] == led ? 8 : 0);
}

static int act(void *ctx, const struct codec_game_message *req, char *answer, size_t cap)
{
    const cJSON *v = req->view, *trick = cJSON_GetObjectItem(cJSON_GetObjectItem(v, "trick"), "cards"), *c;
    const char *t = cJSON_GetStringValue(cJSON_GetObjectItem(v, "trump")), *up = cJSON_GetStringValue(cJSON_GetObjectItem(v, "turnup"));
    char trump = t ? t[0] : 0, led = cJSON_GetArraySize(trick) ? cJSON_GetArrayItem(trick, 0)->valuestring[1] : 0;
    int best = -1, pick = 0, low = 99, high = -1, n = req->n_legal;
    (void)ctx, (void)answer, (void)cap;
    cJSON_ArrayForEach(c, trick) if (order(c->valuestring, trump, led) > best) best = order(c->valuestring, trump, led);
    for (int i = 0; i < n; i++) {
        const char *a = req->legal[i], jack[3] = { 'J', !strcmp(a, "take") ? up[1] : a[5], 0 };
        if (!strcmp(a, "take") || !strncmp(a, "name ", 5)) {
            if (!strcmp(up, jack)) return i;
            cJSON_ArrayForEach(c, cJSON_GetObjectItem(v, "hand")) if (!strcmp(c->valuestring, jack)) return i;
        } else if (!strcmp(a, "exchange") || !strncmp(a, "meld", 4)) return a[0] == 'e' ? i : n - 1;
        else if (a[7] == '\0') {   /* play C, highest winning trump or lowest card */
            int o = order(a + 5, trump, led), plain = o % 8 + (a[6] == trump) * 8;
            if (a[6] == trump && best >= 0 && o > best && o > high) high = o, pick = i;
            if (high < 0 && plain < low) low = plain, pick = i;
        }
    }
    return strcmp(req->legal[n - 1], "pass") ? pick : n - 1;
}

int main(void)
{
    static const char *const games[] = { "belote", "belote-marseillaise", "belote-partnership", NULL };
    return sdk_game_run(&(struct sdk_game_bot){ "example-belote", "1.0", games, act, NULL, NULL, NULL, 0 }, NULL);
}
