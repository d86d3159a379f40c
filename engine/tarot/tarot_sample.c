/* tarot_sample.c - full states consistent with what a seat may see (game.h
 * sample; tarot.h "Sampling" says what is kept). The cards the seat cannot
 * see are gathered with their holders (the other hands' unknown parts, an
 * unseen dog, the hidden part of the discard), each holder with the cards
 * play and the rules have shown it cannot hold, and dealt again: by
 * rejection (exactly uniform), else by a constrained random fill, else the
 * real deal itself (always consistent).
 */
#include <string.h>
#include "engine/rng.h"
#include "engine/tarot/tarot.h"

enum { HOLDERS = TAROT_MAX_SEATS + 3, REJECTIONS = 2000, FILLS = 200 };
enum { HOLD_SEAT, HOLD_DOG, HOLD_DISCARD_PLAIN, HOLD_DISCARD_TRUMPS };

struct holder {
    int kind, seat, slots;
    tarot_mask known, forbid, got;
};

static int dog_taken(const struct tarot_deal *d)
{
    return d->taker >= 0 && d->contract <= TAROT_GARDE && d->phase >= TAROT_DISCARD;
}

/* What play revealed (F22): a suit not followed, no trump when one was
 * due, no trump above the best when overtrumping was due. */
static void play_forbids(const struct tarot_deal *d, tarot_mask forbid[TAROT_MAX_SEATS])
{
    int plays = d->trick_no * d->n + d->in_trick;
    for (int t = 0; t * d->n < plays; t++) {
        int lead = -1, best = -1;
        for (int i = 0; i < d->n && t * d->n + i < plays; i++) {
            int c = d->plays[t * d->n + i], s = d->play_seat[t * d->n + i];
            if (c == TAROT_EXCUSE) continue;
            if (lead >= 0) {
                int trump_led = TAROT_IS_TRUMP(lead);
                if (!trump_led && !(TAROT_IS_TRUMP(c) || TAROT_SUIT(c) == TAROT_SUIT(lead)))
                    forbid[s] |= TAROT_SUIT_MASK(TAROT_SUIT(lead)) | TAROT_TRUMP_MASK;
                else if (!trump_led && TAROT_IS_TRUMP(c))
                    forbid[s] |= TAROT_SUIT_MASK(TAROT_SUIT(lead));
                else if (trump_led && !TAROT_IS_TRUMP(c))
                    forbid[s] |= TAROT_TRUMP_MASK;
                if (TAROT_IS_TRUMP(c) && best >= 0 && c < best)
                    forbid[s] |= TAROT_TRUMP_MASK & ~((TAROT_BIT(best) << 1) - 1);
            } else {
                lead = c;
            }
            if (TAROT_IS_TRUMP(c) && c > best) best = c;
        }
    }
}

/* The holders of the cards `seat` cannot see, with the real cards in got. */
static int gather(const struct tarot_deal *d, int seat, struct holder *h)
{
    tarot_mask forbid[TAROT_MAX_SEATS] = { 0 };
    int n = 0;
    play_forbids(d, forbid);
    for (int s = 0; s < d->n; s++) {
        if (d->poignee[s] & TAROT_BIT(TAROT_EXCUSE))                   /* F25: no hidden trump */
            forbid[s] |= TAROT_TRUMP_MASK & ~d->poignee[s];
    }
    tarot_mask plain = ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings() & TAROT_ALL_CARDS;
    int discarded = dog_taken(d) && d->phase >= TAROT_CHELEM;
    if (discarded && (d->discard & TAROT_TRUMP_MASK)) forbid[d->taker] |= plain;   /* F18: forced */
    for (int s = 0; s < d->n; s++) {
        if (s == seat) continue;
        struct holder *x = &h[n++];
        memset(x, 0, sizeof *x);
        x->kind = HOLD_SEAT;
        x->seat = s;
        x->known = d->hand[s] & d->poignee[s];
        if (s == d->taker && dog_taken(d)) x->known |= d->hand[s] & d->dog;
        x->got = d->hand[s] & ~x->known;
        x->forbid = forbid[s];
    }
    if (!dog_taken(d) && d->phase != TAROT_OVER) {
        struct holder *x = &h[n++];
        memset(x, 0, sizeof *x);
        x->kind = HOLD_DOG;
        x->got = d->dog;
    }
    if (discarded && seat != d->taker) {
        /* the dog's cards not in the taker's hand nor played are known
         * to be in the discard */
        tarot_mask trumps = d->discard & TAROT_TRUMP_MASK & ~d->dog;
        struct holder *x = &h[n++];
        memset(x, 0, sizeof *x);
        x->kind = HOLD_DISCARD_PLAIN;
        x->got = d->discard & ~TAROT_TRUMP_MASK & ~d->dog;
        x->forbid = ~plain;
        if (d->rules.trump_discard == TAROT_DISCARD_COUNTED && trumps) {
            x = &h[n++];
            memset(x, 0, sizeof *x);
            x->kind = HOLD_DISCARD_TRUMPS;
            x->got = trumps;
            x->forbid = ~(TAROT_TRUMP_MASK & ~tarot_bouts());
        }
    }
    for (int i = 0; i < n; i++) h[i].slots = tarot_count(h[i].got);
    return n;
}

/* The cards each seat held when dealt, in the state `d` describes. */
static tarot_mask dealt_of(const struct tarot_deal *d, int s)
{
    tarot_mask m = d->hand[s];
    int plays = d->trick_no * d->n + d->in_trick;
    for (int i = 0; i < plays; i++)
        if (d->play_seat[i] == s) m |= TAROT_BIT(d->plays[i]);
    if (s == d->taker && dog_taken(d)) m = (m | (d->phase >= TAROT_CHELEM ? d->discard : 0)) & ~d->dog;
    return m;
}

static int petit_sec_dealt(const struct tarot_deal *d, tarot_mask hand)
{
    if (d->rules.petit_sec == TAROT_PETIT_SEC_OFF || (hand & TAROT_TRUMP_MASK) != TAROT_BIT(TAROT_PETIT)) return 0;
    return d->rules.petit_sec == TAROT_PETIT_SEC_PARLETT || !(hand & TAROT_BIT(TAROT_EXCUSE));
}

/* Writes the holders' cards into the deal: hands, dog, discard, the pack
 * (hands as dealt, each block in pack order) and the partner. 0, or -1
 * when a hand as dealt would have been a petit sec (the deal was not
 * void), or under poignee_level=highest one that showed a poignée could
 * have shown a higher one. */
static int place(struct tarot_deal *d, const struct holder *h, int n_holders)
{
    int counted = d->rules.trump_discard == TAROT_DISCARD_COUNTED;
    tarot_mask discard_known = (d->discard & d->dog) | (counted ? 0 : d->discard & TAROT_TRUMP_MASK);
    int hidden_discard = 0;
    for (int i = 0; i < n_holders; i++) {
        const struct holder *x = &h[i];
        if (x->kind == HOLD_SEAT) d->hand[x->seat] = x->known | x->got;
        else if (x->kind == HOLD_DOG) d->dog = x->got;
        else hidden_discard = 1;
    }
    if (hidden_discard) {
        tarot_mask discard = discard_known;
        for (int i = 0; i < n_holders; i++)
            if (h[i].kind == HOLD_DISCARD_PLAIN || h[i].kind == HOLD_DISCARD_TRUMPS) discard |= h[i].got;
        d->discard = discard;
    }
    if (d->rules.poignee_level == TAROT_POIGNEE_HIGHEST) {
        /* a poignée shown was the highest its hand could show (F25 [S]) */
        tarot_mask then[TAROT_MAX_SEATS];
        int plays = d->trick_no * d->n + d->in_trick;
        for (int s = 0; s < d->n; s++) then[s] = d->hand[s];
        for (int i = 0; i < plays; i++) then[d->play_seat[i]] |= TAROT_BIT(d->plays[i]);
        for (int s = 0; s < d->n; s++)
            if (d->poignee_level[s] && tarot_poignee_level_of(d->n, then[s]) > d->poignee_level[s]) return -1;
    }
    int at = 0;
    for (int s = 0; s < d->n; s++) {
        tarot_mask dealt = dealt_of(d, s);
        if (d->void_kind == TAROT_NOT_VOID && petit_sec_dealt(d, dealt)) return -1;
        if (at + tarot_count(dealt) > TAROT_CARDS - d->dog_size) return -1;   /* our bug: never */
        for (; dealt; dealt &= dealt - 1) d->deck[at++] = (uint8_t)tarot_first(dealt);
    }
    for (tarot_mask dog = d->dog; dog; dog &= dog - 1) d->deck[at++] = (uint8_t)tarot_first(dog);
    if (d->called != TAROT_NO_CARD) {
        d->partner = -1;
        for (int s = 0; s < d->n; s++)
            if (s != d->taker && (dealt_of(d, s) & TAROT_BIT(d->called))) d->partner = (int8_t)s;
    }
    return 0;
}

/* Rejection: the hidden cards shuffled and cut into the holders' slots. */
static int deal_uniform(struct pq_rng *rng, const uint8_t *cards, int count, struct holder *h, int n_holders)
{
    uint8_t c[TAROT_CARDS];
    memcpy(c, cards, (size_t)count);
    for (int i = count - 1; i > 0; i--) {
        int j = (int)pq_rng_below(rng, (uint32_t)(i + 1));
        uint8_t x = c[i];
        c[i] = c[j];
        c[j] = x;
    }
    int at = 0;
    for (int i = 0; i < n_holders; i++) {
        h[i].got = 0;
        for (int k = 0; k < h[i].slots; k++) {
            if (h[i].forbid & TAROT_BIT(c[at])) return -1;
            h[i].got |= TAROT_BIT(c[at++]);
        }
    }
    return 0;
}

/* A constrained random fill: the most constrained holders first, each
 * taking random cards among those it may hold. */
static int deal_filled(struct pq_rng *rng, tarot_mask hidden, struct holder *h, int n_holders)
{
    int order[HOLDERS];
    for (int i = 0; i < n_holders; i++) order[i] = i;
    for (int i = 1; i < n_holders; i++)
        for (int j = i; j > 0 && tarot_count(hidden & ~h[order[j]].forbid) < tarot_count(hidden & ~h[order[j - 1]].forbid); j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    for (int k = 0; k < n_holders; k++) {
        struct holder *x = &h[order[k]];
        tarot_mask ok = hidden & ~x->forbid;
        x->got = 0;
        if (tarot_count(ok) < x->slots) return -1;
        for (int i = 0; i < x->slots; i++) {
            int pick = (int)pq_rng_below(rng, (uint32_t)tarot_count(ok));
            tarot_mask m = ok;
            while (pick-- > 0) m &= m - 1;
            int c = tarot_first(m);
            x->got |= TAROT_BIT(c);
            ok &= ~TAROT_BIT(c);
            hidden &= ~TAROT_BIT(c);
        }
    }
    return 0;
}

int tarot_match_sample(struct tarot_match *out, const struct tarot_match *m, int player, uint64_t seed)
{
    struct holder h[HOLDERS];
    struct pq_rng rng;
    uint8_t cards[TAROT_CARDS];
    int seat = tarot_match_player_seat(m, player), count = 0;
    *out = *m;
    if (m->over || m->deal.phase == TAROT_OVER) return 0;
    int n_holders = gather(&m->deal, seat, h);
    tarot_mask hidden = 0;
    for (int i = 0; i < n_holders; i++) hidden |= h[i].got;
    for (tarot_mask x = hidden; x; x &= x - 1) cards[count++] = (uint8_t)tarot_first(x);
    pq_rng_seed(&rng, seed);
    for (int k = 0; k < REJECTIONS + FILLS; k++) {
        int rc = k < REJECTIONS ? deal_uniform(&rng, cards, count, h, n_holders) : deal_filled(&rng, hidden, h, n_holders);
        if (rc == 0 && place(&out->deal, h, n_holders) == 0) {
            tarot_deal_refresh(&out->deal);
            return 0;
        }
        out->deal = m->deal;
    }
    return 0;   /* the real deal: consistent by definition */
}
