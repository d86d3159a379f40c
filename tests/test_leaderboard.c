/* test_leaderboard.c - the leaderboard server through its HTTP API, with a
 * real server process, a real SQLite file and real records from an
 * `arena run` journal: standings equal to `arena ratings --json` on the
 * same journal, idempotent posts, paging, the partie viewer against the
 * engine, bot pages, history and the embedded page with its headers.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "engine/piquet/deal.h"
#include "tests/test_leaderboard_support.h"

static void assert_same_number(const cJSON *a, const cJSON *b, const char *what, const char *name)
{
    if (cJSON_IsNull(a) || cJSON_IsNull(b)) {
        cr_assert(cJSON_IsNull(a) && cJSON_IsNull(b), "%s of %s: one is null", what, name);
        return;
    }
    cr_assert(cJSON_IsNumber(a) && cJSON_IsNumber(b), "%s of %s is not a number", what, name);
    cr_assert(fabs(a->valuedouble - b->valuedouble) <= 1e-9 * (1 + fabs(b->valuedouble)),
              "%s of %s: %.12g here, %.12g from arena ratings", what, name, a->valuedouble, b->valuedouble);
}

/* The server's standings carry the fit of `arena ratings --json`. */
static void assert_standings_match(const cJSON *mine, const cJSON *arena)
{
    static const char *const fields[] = { "rank", "rating", "ci_low", "ci_high", "se_model", "se_robust",
                                          "parties", "score", "score_pct", "los_next", "group", "matches",
                                          "clusters" };
    const cJSON *a = cJSON_GetObjectItem(mine, "bots"), *b = cJSON_GetObjectItem(arena, "bots");
    cr_assert_eq(cJSON_GetArraySize(a), cJSON_GetArraySize(b));
    for (int i = 0; i < cJSON_GetArraySize(a); i++) {
        const cJSON *x = cJSON_GetArrayItem(a, i), *y = cJSON_GetArrayItem(b, i);
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(y, "name"));
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(x, "name")), name, "standings order");
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(x, "status")),
                         cJSON_GetStringValue(cJSON_GetObjectItem(y, "status")));
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(x, "section")),
                         cJSON_GetStringValue(cJSON_GetObjectItem(y, "section")));
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
            assert_same_number(cJSON_GetObjectItem(x, fields[f]), cJSON_GetObjectItem(y, fields[f]), fields[f], name);
        int w = cJSON_GetObjectItem(x, "wins")->valueint, d = cJSON_GetObjectItem(x, "draws")->valueint;
        int l = cJSON_GetObjectItem(x, "losses")->valueint;
        cr_assert_eq(w + d + l, cJSON_GetObjectItem(y, "parties")->valueint, "%s: wins+draws+losses", name);
        cr_assert_float_eq(w + 0.5 * d, cJSON_GetObjectItem(y, "score")->valuedouble, 1e-9);
    }
    assert_same_number(cJSON_GetObjectItem(mine, "rho"), cJSON_GetObjectItem(arena, "rho"), "rho", "the fit");
    assert_same_number(cJSON_GetObjectItem(mine, "parties"), cJSON_GetObjectItem(arena, "parties"), "parties", "the fit");
    assert_same_number(cJSON_GetObjectItem(mine, "pairs"), cJSON_GetObjectItem(arena, "pairs"), "pairs", "the fit");
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(mine, "advantage"), cJSON_GetObjectItem(arena, "advantage"), 1));
    if (cJSON_GetObjectItem(mine, "los"))
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(mine, "los"), cJSON_GetObjectItem(arena, "los"), 1));
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(mine, "updated")));
}

Test(leaderboard, parties_posted_one_by_one_rate_as_arena_ratings_does, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records(), *rec;
    lb_start(&s);
    cJSON_ArrayForEach(rec, records) {
        cJSON *r = lb_post(&s, rec, 200);
        cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 1);
        cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, 0);
        cJSON_Delete(r);
    }
    cJSON *mine = lb_get(&s, "/api/v1/standings?los=1", 200), *arena = lb_arena_ratings(lb_journal());
    cr_assert_not_null(cJSON_GetObjectItem(mine, "los"), "?los=1 gives every LOS");
    assert_standings_match(mine, arena);
    cJSON_Delete(mine);
    cJSON_Delete(arena);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, a_batch_rates_as_arena_ratings_does_and_survives_a_restart, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON *r = lb_post(&s, records, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 24);
    cJSON_Delete(r);
    cJSON *arena = lb_arena_ratings(lb_journal());
    cJSON *mine = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_null(cJSON_GetObjectItem(mine, "los"), "the LOS matrix only when asked");
    assert_standings_match(mine, arena);
    cJSON_Delete(mine);
    lb_stop(&s);
    lb_restart(&s);
    mine = lb_get(&s, "/api/v1/standings", 200);
    assert_standings_match(mine, arena);
    cJSON_Delete(mine);
    cJSON_Delete(arena);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, a_repeated_post_is_accepted_and_changes_nothing, .timeout = 60)
{
    struct lb_server s;
    struct lb_reply a, b;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/parties?limit=200", NULL, 0, NULL, NULL, &a), 0);
    cJSON *before = lb_get(&s, "/api/v1/standings", 200);
    cJSON *r = lb_post(&s, records, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 0);
    cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, 24);
    cJSON_Delete(r);
    r = lb_post(&s, cJSON_GetArrayItem(records, 3), 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 0);
    cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, 1);
    cJSON_Delete(r);
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/parties?limit=200", NULL, 0, NULL, NULL, &b), 0);
    cr_assert_str_eq(a.body, b.body, "the parties changed");
    cJSON *after = lb_get(&s, "/api/v1/standings", 200);
    cr_assert(cJSON_Compare(before, after, 1), "the standings changed");
    /* Other timings, or the fields in another order: the same partie. */
    cJSON *again = cJSON_Duplicate(cJSON_GetArrayItem(records, 3), 1);
    cJSON_ReplaceItemInObject(again, "think_ms", cJSON_Parse("{\"A\": 1, \"B\": 2}"));
    cJSON *moved = cJSON_DetachItemFromObject(again, "deals");
    cJSON_AddItemToObject(again, "deals", moved);
    r = lb_post(&s, again, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, 1);
    cJSON_Delete(r);
    cJSON_Delete(again);
    /* The same key with another partie is a conflict, not an overwrite. */
    cJSON *forged = cJSON_Duplicate(cJSON_GetArrayItem(records, 4), 1);
    cJSON_ReplaceItemInObject(forged, "id", cJSON_Duplicate(cJSON_GetObjectItem(cJSON_GetArrayItem(records, 3), "id"), 1));
    cJSON_Delete(lb_post(&s, forged, 409));
    cr_assert_eq(lb_count(&s), 24);
    cJSON_Delete(forged);
    cJSON_Delete(before);
    cJSON_Delete(after);
    lb_reply_release(&a);
    lb_reply_release(&b);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, parties_page_newest_first_by_bot_and_before, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    char path[160];
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    double before = 0, last = 1e18;
    int seen = 0, pages = 0;
    for (;;) {
        if (before > 0) snprintf(path, sizeof path, "/api/v1/parties?limit=7&before=%.0f", before);
        else snprintf(path, sizeof path, "/api/v1/parties?limit=7");
        cJSON *page = lb_get(&s, path, 200), *p;
        pages++;
        cJSON_ArrayForEach(p, cJSON_GetObjectItem(page, "parties")) {
            double seq = cJSON_GetObjectItem(p, "seq")->valuedouble;
            cr_assert_lt(seq, last, "not newest first, or a partie twice");
            last = seq;
            seen++;
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(p, "id"));
            cr_assert(id && strlen(id) > 17 && id[16] == '-', "id is RUN-ID");
            cr_assert_not_null(cJSON_GetObjectItem(cJSON_GetObjectItem(p, "players"), "A"));
            cr_assert_not_null(cJSON_GetObjectItem(cJSON_GetObjectItem(p, "totals"), "B"));
            cr_assert_not_null(cJSON_GetObjectItem(p, "winner"));
            cr_assert_not_null(cJSON_GetObjectItem(p, "forfeit"));
        }
        cJSON *next = cJSON_GetObjectItem(page, "next_before");
        int more = cJSON_IsNumber(next);
        if (more) before = next->valuedouble;
        cJSON_Delete(page);
        if (!more) break;
    }
    cr_assert_eq(seen, 24);
    cr_assert_eq(pages, 4);
    /* By bot: r1 played 16 of the 24. */
    cJSON *page = lb_get(&s, "/api/v1/parties?bot=r1&limit=200", 200), *p;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties")), 16);
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(page, "parties")) {
        cJSON *pl = cJSON_GetObjectItem(p, "players");
        cr_assert(!strcmp(cJSON_GetObjectItem(pl, "A")->valuestring, "r1") ||
                  !strcmp(cJSON_GetObjectItem(pl, "B")->valuestring, "r1"));
    }
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(page, "next_before")));
    cJSON_Delete(page);
    page = lb_get(&s, "/api/v1/parties?bot=&limit=200", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties")), 24, "an empty bot is any bot");
    cJSON_Delete(page);
    page = lb_get(&s, "/api/v1/parties?bot=nobody", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties")), 0);
    cJSON_Delete(page);
    page = lb_get(&s, "/api/v1/parties", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties")), 24, "default limit 50");
    cJSON_Delete(page);
    static const char *const bad[] = { "limit=0", "limit=201", "limit=x", "limit=5x", "before=0", "before=-3",
                                       "before=abc" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(path, sizeof path, "/api/v1/parties?%s", bad[i]);
        cJSON *e = lb_get(&s, path, 400);
        cr_assert(cJSON_IsString(cJSON_GetObjectItem(e, "error")), "%s", bad[i]);
        cJSON_Delete(e);
    }
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

static void assert_cards(const cJSON *list, pq_mask want, const char *what)
{
    pq_mask got = 0;
    const cJSON *c;
    int last = -1;
    cJSON_ArrayForEach(c, list) {
        int card = pq_card_parse(cJSON_GetStringValue(c));
        cr_assert_geq(card, 0, "%s: not a card", what);
        cr_assert_gt(card, last, "%s: not in suit and rank order", what);
        last = card;
        got |= PQ_BIT(card);
    }
    cr_assert_eq(got, want, "%s differs from the engine", what);
}

Test(leaderboard, the_viewer_of_a_deal_agrees_with_the_engine, .timeout = 60)
{
    struct lb_server s;
    char path[128];
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    const cJSON *rec = cJSON_GetArrayItem(records, 5);
    snprintf(path, sizeof path, "/api/v1/parties/%s-%d", cJSON_GetObjectItem(rec, "run")->valuestring,
             cJSON_GetObjectItem(rec, "id")->valueint);
    cJSON *got = lb_get(&s, path, 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(got, "deals"), cJSON_GetObjectItem(rec, "deals"), 1),
              "the stored record is the one posted");
    cr_assert_str_eq(cJSON_GetObjectItem(got, "key")->valuestring, path + strlen("/api/v1/parties/"));
    const cJSON *viewer = cJSON_GetObjectItem(got, "viewer");
    cr_assert_eq(cJSON_GetArraySize(viewer), cJSON_GetArraySize(cJSON_GetObjectItem(rec, "deals")));
    for (int n = 0; n < cJSON_GetArraySize(viewer); n++) {
        const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "deals"), n);
        const cJSON *v = cJSON_GetArrayItem(viewer, n), *a;
        struct pq_deal d;
        struct pq_rules rules;
        uint8_t deck[32];
        const char *text = cJSON_GetObjectItem(deal, "deck")->valuestring;
        for (int i = 0; i < 32; i++) deck[i] = (uint8_t)pq_card_parse(text + 3 * i);
        pq_rules_default(&rules);
        cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
        int k = 0, notes[5] = { 0 };
        const cJSON *steps = cJSON_GetObjectItem(v, "steps");
        cJSON_ArrayForEach(a, cJSON_GetObjectItem(deal, "actions")) {
            const cJSON *step = cJSON_GetArrayItem(steps, k++);
            cr_assert_str_eq(cJSON_GetObjectItem(step, "seat")->valuestring, d.to_act ? "younger" : "elder");
            cr_assert_eq(pq_deal_apply_text(&d, a->valuestring, (int)strlen(a->valuestring), NULL, 0), 0);
            cr_assert_str_eq(cJSON_GetObjectItem(step, "action")->valuestring, a->valuestring);
            const cJSON *score = cJSON_GetObjectItem(step, "score");
            cr_assert_eq(cJSON_GetObjectItem(score, "elder")->valueint, d.score[0]);
            cr_assert_eq(cJSON_GetObjectItem(score, "younger")->valueint, d.score[1]);
            const char *note = cJSON_GetStringValue(cJSON_GetObjectItem(step, "note"));
            if (note) notes[!strcmp(note, "good") ? PQ_OUTCOME_GOOD : !strcmp(note, "not good") ? PQ_OUTCOME_NOT_GOOD
                                                                                                  : PQ_OUTCOME_EQUAL]++;
        }
        cr_assert_eq(k, cJSON_GetArraySize(steps));
        cr_assert(pq_deal_over(&d));
        int want[5] = { 0 };
        for (int c = 0; c < PQ_CLASSES; c++) want[d.classes[c].outcome]++;
        for (int o = PQ_OUTCOME_GOOD; o <= PQ_OUTCOME_EQUAL; o++)
            cr_assert_eq(notes[o], want[o], "deal %d: notes for outcome %d", n + 1, o);
        const cJSON *hands = cJSON_GetObjectItem(v, "hands");
        for (int seat = 0; seat < 2; seat++) {
            const cJSON *h = cJSON_GetObjectItem(hands, seat ? "younger" : "elder");
            assert_cards(cJSON_GetObjectItem(h, "dealt"), d.dealt[seat], "dealt");
            assert_cards(cJSON_GetObjectItem(h, "discarded"), d.discards[seat], "discarded");
            assert_cards(cJSON_GetObjectItem(h, "taken"), d.drawn[seat], "taken");
            assert_cards(cJSON_GetObjectItem(h, "held"), (d.dealt[seat] & ~d.discards[seat]) | d.drawn[seat], "held");
        }
        assert_cards(cJSON_GetObjectItem(hands, "untaken"), d.untaken, "untaken");
        const cJSON *tricks = cJSON_GetObjectItem(v, "tricks"), *t;
        int won[2] = { 0, 0 }, i = 0;
        cr_assert_eq(cJSON_GetArraySize(tricks), 12);
        cJSON_ArrayForEach(t, tricks) {
            const char *leader = cJSON_GetObjectItem(t, "leader")->valuestring;
            int lead = strcmp(leader, "elder") != 0;
            const cJSON *cards = cJSON_GetObjectItem(t, "cards");
            cr_assert_eq(pq_card_parse(cJSON_GetObjectItem(cards, leader)->valuestring), d.trick_cards[i][0]);
            cr_assert_eq(pq_card_parse(cJSON_GetObjectItem(cards, lead ? "elder" : "younger")->valuestring),
                         d.trick_cards[i][1]);
            won[strcmp(cJSON_GetObjectItem(t, "winner")->valuestring, "elder") != 0]++;
            i++;
        }
        cr_assert_eq(won[0], d.tricks[0]);
        cr_assert_eq(won[1], d.tricks[1]);
        const cJSON *result = cJSON_GetObjectItem(v, "result");
        cr_assert_eq(cJSON_GetObjectItem(result, "elder")->valueint, d.score[0]);
        cr_assert_eq(cJSON_GetObjectItem(result, "younger")->valueint, d.score[1]);
        /* A deals deal 1, so B is elder in odd deals when A deals first. */
        const char *first = cJSON_GetObjectItem(rec, "first_dealer")->valuestring;
        char elder = (char)(((first[0] - 'A') + n + 1) % 2 + 'A');
        cr_assert_eq(cJSON_GetObjectItem(v, "elder")->valuestring[0], elder);
    }
    cJSON_Delete(got);
    cJSON_Delete(lb_get(&s, "/api/v1/parties/0123456789abcdef-99", 404));
    cJSON_Delete(lb_get(&s, "/api/v1/parties/nothing", 404));
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, bot_pages_history_and_crosstable, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON *empty = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(empty, "bots")), 0);
    cJSON_Delete(empty);
    cJSON_Delete(lb_get(&s, "/api/v1/bots/r1", 404));
    cJSON_Delete(lb_post(&s, records, 200));
    cJSON *standings = lb_get(&s, "/api/v1/standings", 200), *b;
    cJSON *history = lb_get(&s, "/api/v1/history", 200);
    cJSON *points = cJSON_GetObjectItem(history, "points");
    cr_assert_eq(cJSON_GetArraySize(points), 24, "one point per partie up to 30");
    cJSON *lastp = cJSON_GetArrayItem(points, 23);
    cr_assert_eq(cJSON_GetObjectItem(lastp, "parties")->valueint, 24);
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(standings, "bots")) {
        const char *name = cJSON_GetObjectItem(b, "name")->valuestring;
        char path[128];
        snprintf(path, sizeof path, "/api/v1/bots/%s", name);
        cJSON *page = lb_get(&s, path, 200);
        cr_assert_str_eq(cJSON_GetObjectItem(page, "name")->valuestring, name);
        assert_same_number(cJSON_GetObjectItem(page, "rating"), cJSON_GetObjectItem(b, "rating"), "rating", name);
        assert_same_number(cJSON_GetObjectItem(page, "rank"), cJSON_GetObjectItem(b, "rank"), "rank", name);
        cr_assert_eq(cJSON_IsTrue(cJSON_GetObjectItem(page, "provisional")),
                     cJSON_IsTrue(cJSON_GetObjectItem(b, "provisional")), "%s provisional", name);
        assert_same_number(cJSON_GetObjectItem(page, "ci_low"), cJSON_GetObjectItem(b, "ci_low"), "ci_low", name);
        assert_same_number(cJSON_GetObjectItem(page, "parties"), cJSON_GetObjectItem(b, "parties"), "parties", name);
        assert_same_number(cJSON_GetObjectItem(page, "wins"), cJSON_GetObjectItem(b, "wins"), "wins", name);
        assert_same_number(cJSON_GetObjectItem(cJSON_GetObjectItem(lastp, "ratings"), name), cJSON_GetObjectItem(b, "rating"),
                           "last history point", name);
        cJSON *h = cJSON_GetObjectItem(page, "history");
        cr_assert_eq(cJSON_GetArraySize(h), 24);
        assert_same_number(cJSON_GetObjectItem(cJSON_GetArrayItem(h, 23), "rating"), cJSON_GetObjectItem(b, "rating"),
                           "history", name);
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "opponents")), 2);
        cr_assert(cJSON_IsObject(cJSON_GetObjectItem(page, "faults")));
        cJSON_Delete(page);
    }
    cJSON *cross = lb_get(&s, "/api/v1/crosstable", 200);
    cJSON *names = cJSON_GetObjectItem(cross, "bots"), *cells = cJSON_GetObjectItem(cross, "cells");
    cr_assert_eq(cJSON_GetArraySize(names), 3);
    for (int i = 0; i < 3; i++) {
        cr_assert_str_eq(cJSON_GetArrayItem(names, i)->valuestring,
                         cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(standings, "bots"), i), "name")->valuestring);
        for (int j = 0; j < 3; j++) {
            cJSON *cell = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, i), j);
            if (i == j) {
                cr_assert(cJSON_IsNull(cell));
                continue;
            }
            cJSON *mirror = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, j), i);
            cr_assert_eq(cJSON_GetObjectItem(cell, "parties")->valueint, 8);
            cr_assert_eq(cJSON_GetObjectItem(cell, "wins")->valueint, cJSON_GetObjectItem(mirror, "losses")->valueint);
            cr_assert_float_eq(cJSON_GetObjectItem(cell, "score_pct")->valuedouble +
                               cJSON_GetObjectItem(mirror, "score_pct")->valuedouble, 100.0, 1e-9);
        }
    }
    cJSON_Delete(cross);
    cJSON_Delete(lb_get(&s, "/api/v1/bots/nobody", 404));
    cJSON_Delete(history);
    cJSON_Delete(standings);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, every_page_file_is_served_with_its_headers, .timeout = 30)
{
    struct lb_server s;
    DIR *dir = opendir("leaderboard/page");
    struct dirent *e;
    int files = 0;
    cr_assert_not_null(dir, "run from the top of the tree");
    lb_start(&s);
    while ((e = readdir(dir))) {
        char path[512], url[300];
        struct lb_reply r;
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "leaderboard/page/%s", e->d_name);
        snprintf(url, sizeof url, "/%s", e->d_name);
        FILE *f = fopen(path, "rb");
        cr_assert_not_null(f);
        char *want = malloc(1 << 20);
        size_t n = fread(want, 1, 1 << 20, f);
        fclose(f);
        cr_assert_eq(lb_request(&s, "GET", url, NULL, 0, NULL, NULL, &r), 0);
        cr_assert_eq(r.status, 200, "%s", url);
        cr_assert_eq(r.len, n, "%s: the embedded copy differs (rebuild?)", url);
        cr_assert_eq(memcmp(r.body, want, n), 0, "%s: the embedded copy differs", url);
        cr_assert_not_null(strstr(r.headers, "X-Content-Type-Options: nosniff"));
        cr_assert_not_null(strstr(r.headers, "Content-Security-Policy: default-src 'self'"));
        cr_assert_null(strstr(r.headers, "unsafe-inline"));
        cr_assert_not_null(strstr(r.headers, "Cache-Control: "));
        const char *etag = strstr(r.headers, "ETag: ");
        cr_assert_not_null(etag);
        const char *dot = strrchr(e->d_name, '.');
        if (dot && !strcmp(dot, ".html")) cr_assert_not_null(strstr(r.headers, "Content-Type: text/html"));
        if (dot && !strcmp(dot, ".js")) cr_assert_not_null(strstr(r.headers, "Content-Type: text/javascript"));
        if (dot && !strcmp(dot, ".css")) cr_assert_not_null(strstr(r.headers, "Content-Type: text/css"));
        /* Revalidation with the ETag: 304 and no body. */
        char inm[128];
        const char *end = strchr(etag, '\r');
        snprintf(inm, sizeof inm, "If-None-Match: %.*s", (int)(end - etag - 6), etag + 6);
        struct lb_reply again;
        cr_assert_eq(lb_request(&s, "GET", url, NULL, 0, NULL, inm, &again), 0);
        cr_assert_eq(again.status, 304, "%s", url);
        lb_reply_release(&again);
        lb_reply_release(&r);
        free(want);
        files++;
    }
    closedir(dir);
    cr_assert_gt(files, 0);
    struct lb_reply r;
    cr_assert_eq(lb_request(&s, "GET", "/", NULL, 0, NULL, NULL, &r), 0);
    cr_assert_eq(r.status, 200);
    cr_assert_not_null(strstr(r.headers, "Content-Type: text/html"));
    lb_reply_release(&r);
    cr_assert_eq(lb_request(&s, "GET", "/no-such-file.js", NULL, 0, NULL, NULL, &r), 0);
    cr_assert_eq(r.status, 404);
    lb_reply_release(&r);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, forfeited_parties_replay_as_far_as_they_were_played, .timeout = 60)
{
    struct lb_server s;
    char path[128];
    cJSON *records = lb_records_of(lb_forfeit_journal());
    const cJSON *rec = cJSON_GetArrayItem(records, 0);
    cr_assert_eq(cJSON_GetArraySize(records), 2);
    cr_assert(cJSON_IsObject(cJSON_GetObjectItem(rec, "forfeit")), "the faulty bot did not forfeit");
    lb_start(&s);
    /* Forged: totals, a winner who forfeited, an illegal unfinished deal. */
    cJSON *bad = cJSON_Duplicate(rec, 1);
    cJSON *a = cJSON_GetObjectItem(cJSON_GetObjectItem(bad, "totals"), "A");
    cJSON_SetNumberValue(a, a->valuedouble + 1);
    cJSON_Delete(lb_post(&s, bad, 422));
    cJSON_Delete(bad);
    bad = cJSON_Duplicate(rec, 1);
    const char *loser = cJSON_GetObjectItem(cJSON_GetObjectItem(bad, "forfeit"), "player")->valuestring;
    cJSON_ReplaceItemInObject(bad, "winner", cJSON_CreateString(loser));
    cJSON_Delete(lb_post(&s, bad, 422));
    cJSON_Delete(bad);
    bad = cJSON_Duplicate(rec, 1);
    cJSON *unfinished = cJSON_GetObjectItem(bad, "unfinished_deal");
    cr_assert_not_null(unfinished);
    cJSON_AddItemToArray(cJSON_GetObjectItem(unfinished, "actions"), cJSON_CreateString("play 7S"));
    cJSON_AddItemToArray(cJSON_GetObjectItem(unfinished, "actions"), cJSON_CreateString("play 7S"));
    cJSON_Delete(lb_post(&s, bad, 422));
    cJSON_Delete(bad);
    cr_assert_eq(lb_count(&s), 0);
    cJSON *r = lb_post(&s, records, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 2);
    cJSON_Delete(r);
    snprintf(path, sizeof path, "/api/v1/parties/%s-%d", cJSON_GetObjectItem(rec, "run")->valuestring,
             cJSON_GetObjectItem(rec, "id")->valueint);
    cJSON *got = lb_get(&s, path, 200);
    cJSON *viewer = cJSON_GetObjectItem(got, "viewer");
    int n = cJSON_GetArraySize(viewer);
    cr_assert_eq(n, cJSON_GetArraySize(cJSON_GetObjectItem(rec, "deals")) + 1);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(viewer, n - 1), "unfinished")));
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(viewer, n - 1), "steps")),
                 cJSON_GetArraySize(cJSON_GetObjectItem(unfinished = cJSON_GetObjectItem(rec, "unfinished_deal"), "actions")));
    cJSON_Delete(got);
    cJSON *bot = lb_get(&s, "/api/v1/bots/f", 200);
    cr_assert_eq(cJSON_GetObjectItem(bot, "losses")->valueint, 2);
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(bot, "faults"), "illegal_action")->valueint, 2);
    cJSON_Delete(bot);
    cJSON *st = lb_get(&s, "/api/v1/standings", 200), *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(st, "bots"))
        if (!strcmp(cJSON_GetObjectItem(b, "name")->valuestring, "f"))
            cr_assert_eq(cJSON_GetObjectItem(b, "faults")->valueint, 2);
    cJSON_Delete(st);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard, concurrent_posts_and_reads_agree, .timeout = 60)
{
    enum { WRITERS = 4, BATCHES = 10, PER = 6 };
    struct lb_server s;
    cJSON *records = lb_records();
    pid_t writers[WRITERS];
    lb_start(&s);
    for (int w = 0; w < WRITERS; w++) {
        writers[w] = fork();
        cr_assert_geq(writers[w], 0);
        if (writers[w]) continue;
        for (int b = 0; b < BATCHES; b++) {
            char run[17];
            cJSON *batch = cJSON_CreateArray();
            snprintf(run, sizeof run, "%016x", 0xc0000u + (unsigned)(w * BATCHES + b));
            for (int i = 0; i < PER; i++) {
                cJSON *rec = cJSON_Duplicate(cJSON_GetArrayItem(records, (b * PER + i) % 24), 1);
                cJSON_ReplaceItemInObject(rec, "run", cJSON_CreateString(run));
                cJSON_AddItemToArray(batch, rec);
            }
            char *text = cJSON_PrintUnformatted(batch);
            struct lb_reply r;
            if (lb_request(&s, "POST", "/api/v1/parties", text, strlen(text), LB_TOKEN, NULL, &r) < 0 ||
                r.status != 200 || !strstr(r.body, "\"stored\":6"))
                _exit(1);
            lb_reply_release(&r);
            free(text);
            cJSON_Delete(batch);
        }
        _exit(0);
    }
    /* Reads meanwhile: the number of parties in the standings only grows,
     * by whole batches. */
    int running = WRITERS, last = 0;
    while (running > 0) {
        cJSON *st = lb_get(&s, "/api/v1/standings", 200);
        int n = cJSON_GetObjectItem(st, "parties")->valueint;
        cr_assert_geq(n, last);
        cr_assert_eq(n % PER, 0, "a batch seen in part (%d parties)", n);
        last = n;
        cJSON_Delete(st);
        for (int w = 0; w < WRITERS; w++) {
            int status;
            if (writers[w] > 0 && waitpid(writers[w], &status, WNOHANG) == writers[w]) {
                cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a writer failed");
                writers[w] = 0;
                running--;
            }
        }
    }
    cr_assert_eq(lb_count(&s), WRITERS * BATCHES * PER);
    cJSON *st = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_eq(cJSON_GetObjectItem(st, "parties")->valueint, WRITERS * BATCHES * PER);
    cJSON_Delete(st);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* The parties of the last history point of a history reply. */
static int last_point_parties(const cJSON *history)
{
    const cJSON *points = cJSON_GetObjectItem(history, "points");
    const cJSON *last = cJSON_GetArrayItem(points, cJSON_GetArraySize(points) - 1);
    const cJSON *n = cJSON_GetObjectItem(last, "parties");
    return cJSON_IsNumber(n) ? n->valueint : -1;
}

/* Many clients ask for the history at once after a post (more than the
 * server's 4 threads): each gets a whole history, the one before the post
 * (served while another thread computes the new one) or the new one, and
 * the standings are answered meanwhile; once they are done, the history
 * is the new one (the previous one is never kept past its computation). */
Test(leaderboard, histories_asked_at_once_are_whole_and_the_new_one_follows, .timeout = 120)
{
    enum { COPIES = 20, ASKERS = 8 };
    struct lb_server s;
    cJSON *records = lb_records(), *all = cJSON_CreateArray();
    int per = cJSON_GetArraySize(records);
    for (int c = 0; c < COPIES; c++)
        for (int i = 0; i < per; i++) {
            char run[17];
            cJSON *rec = cJSON_Duplicate(cJSON_GetArrayItem(records, i), 1);
            snprintf(run, sizeof run, "%016x", 0xd0000u + (unsigned)c);
            cJSON_ReplaceItemInObject(rec, "run", cJSON_CreateString(run));
            cJSON_AddItemToArray(all, rec);
        }
    lb_start(&s);
    cJSON_Delete(lb_post(&s, all, 200));
    cJSON *before = lb_get(&s, "/api/v1/history", 200);
    int old_n = last_point_parties(before);
    cr_assert_eq(old_n, COPIES * per);
    cJSON_Delete(before);
    /* one more copy: every cached history is stale */
    cJSON *more = cJSON_CreateArray();
    for (int i = 0; i < per; i++) {
        cJSON *rec = cJSON_Duplicate(cJSON_GetArrayItem(records, i), 1);
        cJSON_ReplaceItemInObject(rec, "run", cJSON_CreateString("00000000000dffff"));
        cJSON_AddItemToArray(more, rec);
    }
    cJSON_Delete(lb_post(&s, more, 200));
    pid_t askers[ASKERS];
    for (int a = 0; a < ASKERS; a++) {
        askers[a] = fork();
        cr_assert_geq(askers[a], 0);
        if (askers[a]) continue;
        struct lb_reply r;
        int ok = lb_request(&s, "GET", "/api/v1/history", NULL, 0, NULL, NULL, &r) == 0 && r.status == 200;
        cJSON *h = ok ? cJSON_Parse(r.body) : NULL;
        int n = h ? last_point_parties(h) : -1;
        _exit(n == old_n ? 0 : n == old_n + per ? 1 : 2);
    }
    cJSON *st = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_eq(cJSON_GetObjectItem(st, "parties")->valueint, old_n + per, "the standings of after the post");
    cJSON_Delete(st);
    int stale = 0;
    for (int a = 0; a < ASKERS; a++) {
        int status;
        cr_assert_eq(waitpid(askers[a], &status, 0), askers[a]);
        cr_assert(WIFEXITED(status) && WEXITSTATUS(status) < 2, "a history neither before nor after the post");
        stale += WEXITSTATUS(status) == 0;
    }
    cr_log_info("%d of %d histories asked at once were the previous one", stale, ASKERS);
    cJSON *after = lb_get(&s, "/api/v1/history", 200);
    cr_assert_eq(last_point_parties(after), old_n + per, "the new history once computed");
    cJSON_Delete(after);
    cJSON_Delete(more);
    cJSON_Delete(all);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}
