/* belote_family.c - the rules the Belote family shares (belote_family.h):
 * the card tables of B2, and the action notation's reading and writing,
 * for Belote's forms and Coinche alike.
 */
#include <string.h>
#include "engine/belote/belote_family.h"
#include "engine/text.h"

/* B2 (K2): by rank 7 8 9 T J Q K A. */
const uint8_t bel_trump_points[PQ_RANKS] = { 0, 0, 14, 10, 20, 3, 4, 11 };
const uint8_t bel_plain_points[PQ_RANKS] = { 0, 0, 0, 10, 2, 3, 4, 11 };
const uint8_t bel_trump_strength[PQ_RANKS] = { 0, 1, 6, 4, 7, 2, 3, 5 };   /* J 9 A T K Q 8 7 */
const uint8_t bel_plain_strength[PQ_RANKS] = { 0, 1, 2, 6, 3, 4, 5, 7 };   /* A T K Q J 9 8 7 */

/* ---- action text ---- */

int bel_fail(char *err, int cap, const char *a, const char *b, const char *c)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    if (b) pq_text_str(&t, b);
    if (c) pq_text_str(&t, c);
    return -1;
}

int bel_tokens_read(struct bel_tokens *t, const char *text, int len, int max, int printable, char *err, int cap)
{
    if (len <= 0) return bel_fail(err, cap, "an empty action", NULL, NULL);
    int wl = len < BEL_WORD ? len : BEL_WORD - 1;
    memcpy(t->word, text, (size_t)wl);
    t->word[wl] = '\0';
    for (int i = 0; printable && i < wl; i++)
        if ((unsigned char)t->word[i] < 32 || (unsigned char)t->word[i] > 126) t->word[i] = '?';
    t->n = 0;
    for (int i = 0; i < len;) {
        int j = i;
        while (j < len && text[j] != ' ') j++;
        if (j == i) return bel_fail(err, cap, "tokens are separated by single spaces", NULL, NULL);
        if (t->n == max) return bel_fail(err, cap, "too many tokens in '", t->word, "'");
        t->at[t->n] = text + i;
        t->len[t->n++] = j - i;
        i = j + 1;
        if (j == len - 1) return bel_fail(err, cap, "tokens are separated by single spaces", NULL, NULL);
    }
    return 0;
}

int bel_parse_play(const struct bel_tokens *t, uint8_t *card, uint8_t *suffix, char *err, int cap)
{
    int c = t->n >= 2 && t->len[1] == 2 ? pq_card_parse(t->at[1]) : -1;
    if (c < 0 || t->n > 3) return bel_fail(err, cap, "'", t->word, "': play takes a card like AS and maybe belote or rebelote");
    *card = (uint8_t)c;
    if (t->n == 3) {
        if (bel_token_is(t, 2, "belote")) *suffix = BEL_SUFFIX_BELOTE;
        else if (bel_token_is(t, 2, "rebelote")) *suffix = BEL_SUFFIX_REBELOTE;
        else return bel_fail(err, cap, "'", t->word, "': the word after the card is belote or rebelote");
    }
    return 0;
}

/* One meld token: cards like AS joined by commas, none twice. */
static int parse_meld(const char *p, int len, pq_mask *out, char *err, int cap)
{
    char tok[40];
    pq_mask m = 0;
    if (len >= (int)sizeof tok) len = (int)sizeof tok - 1;
    memcpy(tok, p, (size_t)len);
    tok[len] = '\0';
    for (int i = 0; i < len; i += 3) {
        int c = i + 2 <= len ? pq_card_parse(p + i) : -1;
        if (c < 0 || (i + 2 < len && p[i + 2] != ','))
            return bel_fail(err, cap, "meld '", tok, "': cards are written like AS and joined by commas");
        if (m & PQ_BIT(c)) return bel_fail(err, cap, "meld '", tok, "' names a card twice");
        m |= PQ_BIT(c);
        if (i + 2 == len - 1) return bel_fail(err, cap, "meld '", tok, "' ends with a comma");
    }
    *out = m;
    return 0;
}

int bel_parse_melds(const struct bel_tokens *t, int max, pq_mask *melds, uint8_t *n, char *err, int cap)
{
    if (t->n - 1 > max) return bel_fail(err, cap, "'", t->word, "': too many melds");
    for (int k = 1; k < t->n; k++)
        if (parse_meld(t->at[k], t->len[k], &melds[(*n)++], err, cap) < 0) return -1;
    return 0;
}

int bel_put(char *buf, int cap, const char *a, const char *b, const char *c)
{
    const char *parts[3] = { a, b, c };
    int len = 0;
    for (int i = 0; i < 3; i++)
        for (const char *p = parts[i]; p && *p; p++) {
            if (len + 1 >= cap) {
                if (cap > 0) buf[len] = '\0';
                return -1;
            }
            buf[len++] = *p;
        }
    if (cap > 0) buf[len] = '\0';
    return len;
}

int bel_put_play(char *buf, int cap, int card, int suffix)
{
    static const char ranks[] = "789TJQKA", suits[] = "SHDC";
    const char *word = suffix == BEL_SUFFIX_BELOTE ? " belote" : suffix == BEL_SUFFIX_REBELOTE ? " rebelote" : "";
    char text[8] = "play ";
    text[5] = ranks[PQ_RANK(card)];
    text[6] = suits[PQ_SUIT(card)];
    text[7] = '\0';
    return bel_put(buf, cap, text, word, NULL);
}
