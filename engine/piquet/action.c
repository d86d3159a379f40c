/* action.c - parsing and formatting of the action notation (action.h).
 * The parser is strict about words and cards and tolerant of extra spaces;
 * it never reads past `len` bytes, since protocol frames are not
 * NUL-terminated.
 */
#include <string.h>
#include "engine/piquet/action.h"
#include "engine/piquet/combo.h"
#include "engine/text.h"

static void fail(char *err, int cap, const char *a, const char *b, int bn, const char *c)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    if (b) pq_text_strn(&t, b, bn);
    if (c) pq_text_str(&t, c);
}

struct cursor {
    const char *p, *end;
};

/* Next space-separated word; returns its length (0 at the end). */
static int next_word(struct cursor *c, const char **word)
{
    while (c->p < c->end && *c->p == ' ') c->p++;
    *word = c->p;
    while (c->p < c->end && *c->p != ' ') c->p++;
    return (int)(c->p - *word);
}

static int word_is(const char *word, int n, const char *lit)
{
    return (int)strlen(lit) == n && !memcmp(word, lit, (size_t)n);
}

static int parse_cards(struct cursor *c, pq_mask *out, char *err, int cap)
{
    const char *w;
    int n;
    *out = 0;
    while ((n = next_word(c, &w)) > 0) {
        int card = n == 2 ? pq_card_parse(w) : -1;
        if (card < 0) {
            fail(err, cap, "'", w, n > 8 ? 8 : n, "' is not a card (rank 7 8 9 T J Q K A, then suit S H D C)");
            return -1;
        }
        if (*out & PQ_BIT(card)) {
            fail(err, cap, "card ", w, 2, " is named twice");
            return -1;
        }
        *out |= PQ_BIT(card);
    }
    return 0;
}

int pq_action_parse(const char *text, int len, struct pq_action *out, char *err, int cap)
{
    struct cursor c = { text, text + len };
    const char *w;
    int n = next_word(&c, &w);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < len; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e) {
            fail(err, cap, "action text has a control or non-ASCII byte", NULL, 0, NULL);
            return -1;
        }
    if (n == 0) {
        fail(err, cap, "empty action", NULL, 0, NULL);
        return -1;
    }
    if (word_is(w, n, "pass") || word_is(w, n, "look") || word_is(w, n, "nolook")) {
        out->kind = word_is(w, n, "pass") ? PQ_ACT_PASS : word_is(w, n, "look") ? PQ_ACT_LOOK : PQ_ACT_NOLOOK;
        if (next_word(&c, &w) > 0) {
            fail(err, cap, "this action takes no words after it", NULL, 0, NULL);
            return -1;
        }
        return 0;
    }
    if (word_is(w, n, "discard")) {
        out->kind = PQ_ACT_DISCARD;
        return parse_cards(&c, &out->cards, err, cap);
    }
    if (word_is(w, n, "announce")) {
        out->kind = PQ_ACT_ANNOUNCE;
        n = next_word(&c, &w);
        if (n != 1 || w[0] < '1' || w[0] > '5') {
            fail(err, cap, "announce takes a number from 1 to 5", NULL, 0, NULL);
            return -1;
        }
        out->number = (uint8_t)(w[0] - '0');
        if (next_word(&c, &w) > 0) {
            fail(err, cap, "announce takes one number", NULL, 0, NULL);
            return -1;
        }
        return 0;
    }
    if (word_is(w, n, "declare")) {
        out->kind = PQ_ACT_DECLARE;
        n = next_word(&c, &w);
        int cls = -1;
        for (int i = 0; i < PQ_CLASSES; i++)
            if (word_is(w, n, pq_class_name(i))) cls = i;
        if (cls < 0) {
            fail(err, cap, "declare takes point, sequence or set, then cards", NULL, 0, NULL);
            return -1;
        }
        out->cls = (uint8_t)cls;
        if (parse_cards(&c, &out->cards, err, cap) < 0) return -1;
        if (!out->cards) {
            fail(err, cap, "declare ", pq_class_name(cls), (int)strlen(pq_class_name(cls)), " names no cards");
            return -1;
        }
        return 0;
    }
    if (word_is(w, n, "play")) {
        out->kind = PQ_ACT_PLAY;
        if (parse_cards(&c, &out->cards, err, cap) < 0) return -1;
        if (pq_mask_count(out->cards) != 1) {
            fail(err, cap, "play takes exactly one card", NULL, 0, NULL);
            return -1;
        }
        out->number = (uint8_t)pq_mask_first(out->cards);
        return 0;
    }
    fail(err, cap, "unknown action '", w, n > 16 ? 16 : n, "' (discard, announce, declare, pass, look, nolook, play)");
    return -1;
}

int pq_action_format(const struct pq_action *self, char *buf, int cap)
{
    static const char *const words[] = { "discard", "announce", "declare", "pass", "look", "nolook", "play" };
    struct pq_text t;
    char cards[100];
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, words[self->kind]);
    if (self->kind == PQ_ACT_ANNOUNCE) {
        pq_text_str(&t, " ");
        pq_text_int(&t, self->number);
    } else if (self->kind == PQ_ACT_DECLARE) {
        pq_text_str(&t, " ");
        pq_text_str(&t, pq_class_name(self->cls));
    }
    if ((self->kind == PQ_ACT_DISCARD || self->kind == PQ_ACT_DECLARE || self->kind == PQ_ACT_PLAY) && self->cards) {
        pq_mask_format(self->cards, cards, sizeof cards);
        pq_text_str(&t, " ");
        pq_text_str(&t, cards);
    }
    return t.len;
}

int pq_action_equal(const struct pq_action *a, const struct pq_action *b)
{
    return a->kind == b->kind && a->cards == b->cards && a->number == b->number
        && (a->kind != PQ_ACT_DECLARE || a->cls == b->cls);
}
