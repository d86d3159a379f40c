/* bot_example_coinche.c - the smallest Coinche bot: bids 80 (or the lowest bid it may) in a suit where it holds
 * the Jack and three more, never coinches, declares its longest meld, wins a trick cheaply unless its partner holds it. */
#include <stdlib.h>
#include <string.h>
#include "protocol/sdk.h"
static int order(const char *card, char trump, char led)   /* trick order, trumps above the suit led */
{
    const char *ranks = card[1] == trump || trump == 'A' ? "78QKTA9J" : "789JQKTA";
    return (int)(strchr(ranks, card[0]) - ranks) + (card[1] == trump ? 16 : card[1] == led ? 8 : 0);
}
static int act(void *ctx, const struct codec_game_message *req, char *answer, size_t cap)
{
    const cJSON *v = req->view, *trick = cJSON_GetObjectItem(v, "trick"), *cards = cJSON_GetObjectItem(trick, "cards"), *c;
    const cJSON *den = cJSON_GetObjectItem(cJSON_GetObjectItem(v, "contract"), "denomination");
    char trump = den ? den->valuestring[0] : 0, led = cJSON_GetArraySize(cards) ? cJSON_GetArrayItem(cards, 0)->valuestring[1] : 0;
    int best = -1, at = 0, bi = 0, pick = -1, low = 99, high = 99, n = req->n_legal, seat = cJSON_GetObjectItem(v, "seat")->valueint;
    (void)ctx, (void)answer, (void)cap, trump = trump == 'N' ? 0 : trump;   /* NT; AT ('A'): all in trump order */
    cJSON_ArrayForEach(c, cards) if (at++, order(c->valuestring, trump, led) > best) best = order(c->valuestring, trump, led), bi = at - 1;
    int ours = best >= 0 && (cJSON_GetObjectItem(trick, "leader")->valueint + bi) % 4 == (seat + 2) % 4;
    for (int i = 0, k = 0; i < n; i++, k = 0) {
        const char *a = req->legal[i];
        if (!strncmp(a, "bid ", 4) && strlen(a) <= 9 && atoi(a + 4) <= 90) {   /* bid V S|H|D|C */
            cJSON_ArrayForEach(c, cJSON_GetObjectItem(v, "hand")) k += c->valuestring[1] == a[strlen(a) - 1] ? 1 + 3 * (c->valuestring[0] == 'J') : 0;
            if (k >= 7) return i;
        } else if (!strncmp(a, "meld", 4)) {
            if (pick < 0 || strlen(a) > strlen(req->legal[pick])) pick = i;
        } else if (!strncmp(a, "play ", 5)) {   /* the cheapest winner, else the lowest card */
            int o = order(a + 5, trump, led);
            if (o > best && o <= high && !ours) high = o, pick = i;   /* <=: "play C belote" after "play C" */
            else if (high == 99 && o % 16 <= low) low = o % 16, pick = i;
        }
    }
    return pick >= 0 ? pick : 0;    /* else pass, the first legal call */
}
int main(void)
{
    static const char *const games[] = { "coinche", NULL };
    return sdk_game_run(&(struct sdk_game_bot){ "example-coinche", "1.0", games, act, NULL, NULL, NULL, 0 }, NULL);
}
