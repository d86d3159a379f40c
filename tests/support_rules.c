/* support_rules.c - deal building and action helpers for the rules tests
 * (support_rules.h), and the scripted deals several test files share.
 * Scores of the scripted deals are worked out by hand from docs/rules-piquet.md next to
 * each script; the tests assert them, the helpers only drive the engine.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/support_rules.h"

pq_mask sr_cards(const char *text)
{
    pq_mask out = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        int card = pq_card_parse(p);
        cr_assert(card >= 0, "'%.2s' is not a card in \"%s\"", p, text);
        cr_assert(!(out & PQ_BIT(card)), "%.2s twice in \"%s\"", p, text);
        out |= PQ_BIT(card);
        p += 2;
    }
    return out;
}

static int deck_part(const char *text, uint8_t *out)
{
    int n = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        int card = pq_card_parse(p);
        cr_assert(card >= 0, "'%.2s' is not a card in \"%s\"", p, text);
        out[n++] = (uint8_t)card;
        p += 2;
    }
    return n;
}

void sr_deck(const char *elder, const char *younger, const char *talon, uint8_t deck[32])
{
    uint8_t part[32];
    cr_assert_eq(deck_part(elder, part), 12, "elder needs 12 cards: %s", elder);
    memcpy(deck, part, 12);
    cr_assert_eq(deck_part(younger, part), 12, "younger needs 12 cards: %s", younger);
    memcpy(deck + 12, part, 12);
    cr_assert_eq(deck_part(talon, part), 8, "the talon needs 8 cards: %s", talon);
    memcpy(deck + 24, part, 8);
}

pq_mask sr_talon(const struct pq_deal *d, int from, int n)
{
    pq_mask out = 0;
    for (int i = from; i < from + n; i++) out |= PQ_BIT(d->deck[24 + i]);
    return out;
}

struct pq_rules sr_rules(const char *name, const char *value)
{
    struct pq_rules rules;
    char err[128];
    pq_rules_default(&rules);
    cr_assert_eq(pq_rules_set(&rules, name, value, err, sizeof err), 0, "%s", err);
    return rules;
}

void sr_start(struct pq_deal *d, const struct pq_rules *rules,
              const char *elder, const char *younger, const char *talon)
{
    struct pq_rules defaults;
    uint8_t deck[32];
    pq_rules_default(&defaults);
    sr_deck(elder, younger, talon, deck);
    cr_assert_eq(pq_deal_init(d, rules ? rules : &defaults, deck), 0, "not a permutation of the pack");
}

void sr_start_script(struct pq_deal *d, const struct pq_rules *rules, const struct sr_script *s)
{
    sr_start(d, rules, s->elder, s->younger, s->talon);
}

void sr_do(struct pq_deal *d, const char *action)
{
    char err[256] = "";
    int rc = pq_deal_apply_text(d, action, (int)strlen(action), err, sizeof err);
    cr_assert_eq(rc, 0, "'%s' refused: %s", action, err);
}

void sr_do_list(struct pq_deal *d, const char *const *actions)
{
    for (int i = 0; actions[i]; i++) sr_do(d, actions[i]);
}

void sr_refuse(struct pq_deal *d, const char *action, const char *reason_part)
{
    char err[256] = "";
    struct pq_deal before = *d;
    int rc = pq_deal_apply_text(d, action, (int)strlen(action), err, sizeof err);
    cr_assert_eq(rc, -1, "'%s' was accepted", action);
    cr_assert(err[0] != '\0', "'%s' refused without a reason", action);
    if (reason_part)
        cr_assert(strstr(err, reason_part) != NULL, "'%s': reason \"%s\" lacks \"%s\"", action, err, reason_part);
    cr_assert_eq(memcmp(&before, d, sizeof before), 0, "'%s' changed the deal", action);
}

void sr_play_script(struct pq_deal *d, const struct pq_rules *rules, const struct sr_script *s)
{
    sr_start_script(d, rules, s);
    sr_do_list(d, s->actions);
}

void sr_finish(struct pq_deal *d)
{
    char err[256];
    while (!pq_deal_over(d)) {
        struct pq_action a;
        pq_deal_legal_nth(d, 0, &a);
        cr_assert_eq(pq_deal_apply(d, &a, err, sizeof err), 0, "first legal action refused: %s", err);
    }
}

void sr_partie_deal(struct pq_partie *p, const struct sr_script *s, const uint8_t next_deck[32])
{
    char err[256];
    int deal_no = p->deal_no, rc = 0;
    for (int i = 0; s->actions[i] && rc == 0; i++) {
        struct pq_action a;
        const char *text = s->actions[i];
        cr_assert_eq(pq_action_parse(text, (int)strlen(text), &a, err, sizeof err), 0, "%s", err);
        rc = pq_partie_apply_deck(p, &a, next_deck, err, sizeof err);
        cr_assert(rc >= 0, "deal %d, '%s' refused: %s", deal_no, text, err);
    }
    while (rc == 0) {
        struct pq_action a;
        pq_deal_legal_nth(&p->deal, 0, &a);
        rc = pq_partie_apply_deck(p, &a, next_deck, err, sizeof err);
        cr_assert(rc >= 0, "deal %d: first legal action refused: %s", deal_no, err);
    }
    cr_assert_eq(rc, 1, "deal %d did not end", deal_no);
}

/* Six tricks each. Elder takes 7D for QH, younger 7C for JC; nobody
 * declares. Elder leads his six spades and wins them (younger follows with
 * 8S 7S, then has none), loses 7H to AH; younger then leads KH AD AC KC QC
 * and wins them all (elder follows 8H 7D, then has no clubs).
 * Law 65: elder 7 leads = 7; younger 1 (won trick 7 against the lead)
 * + 5 leads + 1 (last trick) = 7. 6-6: no points for the cards (R22). */
static const char *const six_six_actions[] = {
    "discard QH", "discard JC",
    "pass", "pass", "pass", "pass", "pass", "pass",
    "play AS", "nolook", "play 8S",
    "play KS", "play 7S",
    "play QS", "play 7C",
    "play JS", "play JD",
    "play TS", "play QD",
    "play 9S", "play KD",
    "play 7H", "play AH",
    "play KH", "play 8H",
    "play AD", "play 7D",
    "play AC", "play 9H",
    "play KC", "play TH",
    "play QC", "play JH",
    NULL
};

const struct sr_script sr_six_six = {
    "AS KS QS JS TS 9S 7H 8H 9H TH JH QH",
    "8S 7S AH KH AD KD QD JD AC KC QC JC",
    "7D 7C TD 9D 8D TC 9C 8C",
    six_six_actions
};

/* Elder takes AC for 7C, younger KC for 7D. Elder: point of eight spades 8
 * (younger's seven diamonds concede), huitieme 18 and an extra tierce
 * KH QH JH 3 (below the call), no sets: 29; younger nothing. Elder's first
 * lead makes 30 before younger scores: pique +30 (R25).
 * Tricks: 1 AS/8D elder; 2 KH/AH younger; 3 KC/AC elder (against the
 * lead); 4-12 elder leads QH JH KS..7S and wins. Law 65: elder leads 1, 2,
 * 4..12 = 11, wins trick 3 against the lead 1, last trick 1: 13; younger
 * wins trick 2 against the lead 1, leads trick 3 1: 2. Elder 11 tricks: the
 * cards 10. Elder 29 + 30 + 13 + 10 = 82, younger 2. */
static const char *const eleven_actions[] = {
    "discard 7C", "discard 7D",
    "declare point 7S 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD",
    "declare sequence 7S 8S 9S TS JS QS KS AS", "pass",
    "declare sequence JH QH KH", "pass",
    "pass", "pass",
    "play AS", "nolook", "play 8D",
    "play KH", "play AH",
    "play KC", "play AC",
    "play QH", "play TH",
    "play JH", "play 9H",
    "play KS", "play 8H",
    "play QS", "play AD",
    "play JS", "play KD",
    "play TS", "play QD",
    "play 9S", "play JD",
    "play 8S", "play TD",
    "play 7S", "play 9D",
    NULL
};

const struct sr_script sr_eleven = {
    "AS KS QS JS TS 9S 8S 7S KH QH JH 7C",
    "AH TH 9H 8H AD KD QD JD TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7H",
    eleven_actions
};

/* Hoyle's hand (R27). Elder takes QC for 7C and holds the aces, kings and
 * queens; younger takes 8S for 9S and holds only jacks and lower.
 * Point AKQ 3; sequences: tierce major 3 plus three more tierces majors
 * (equal to the call, allowed although the call is not good against the
 * cards: a quint to the jack of spades is outside) 9 = 12; sets: quatorze
 * of aces 14 plus quatorzes of kings and queens 28 = 42. I..IV: 57 with
 * younger at 0: repique 60. Elder wins every trick whatever is played:
 * 12 leads + last trick = 13, capot 40. 57 + 60 + 13 + 40 = 170. */
static const char *const hoyle_actions[] = {
    "discard 7C", "discard 9S",
    "declare point QS KS AS", "pass",
    "declare sequence QS KS AS", "pass",
    "declare sequence QH KH AH", "declare sequence QD KD AD", "declare sequence QC KC AC", "pass",
    "declare set AS AH AD AC", "pass",
    "declare set KS KH KD KC", "declare set QS QH QD QC", "pass",
    NULL
};

const struct sr_script sr_hoyle = {
    "AS KS QS AH KH QH AD KD QD AC KC 7C",
    "JS TS 9S JH TH 9H JD TD 9D JC TC 9C",
    "QC 8S 7S 8H 7H 8D 7D 8C",
    hoyle_actions
};

/* Deck A: point of eight spades 8, huitieme 18, trio of aces AS AH AC 3;
 * younger concedes everything: elder 29, younger 0. */
static const char *const capot_actions[] = {
    "discard JH", "discard 7D",
    "declare point 7S 8S 9S TS JS QS KS AS", "pass",
    "declare sequence 7S 8S 9S TS JS QS KS AS", "pass", "pass",
    "declare set AS AH AC", "pass", "pass",
    NULL
};

const struct sr_script sr_capot = { SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON, capot_actions };
