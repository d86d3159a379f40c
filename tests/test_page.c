/* test_page.c - the leaderboard's web page in a real browser. A real
 * tournament is played by $BIN/arena (greedy bots of three strengths, a
 * random bot whose name holds HTML, a bot that crashes), the real server
 * $BIN/leaderboard is started on a free port with a database in a fresh
 * directory, the journal's partie records are posted with libcurl
 * (support_page.h), and Debian's headless Chromium, driven through the
 * DevTools protocol (support_browser.h, one browser per test), opens the
 * page. Its DOM, once the scripts ran, is read (support_dom.h) and
 * compared with what the arena says independently: the standings and
 * intervals of `arena ratings --json`, the crosstable counted from the
 * journal with its LOS, the rating-history lines of the API, and a deal's
 * hands, tricks and score as `arena replay` scores it. On a 390 px phone
 * screen nothing may stick out. Screenshots go to $BUILD/page.png,
 * page-phone.png and page-partie.png.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "tests/support_browser.h"
#include "tests/support_dom.h"
#include "tests/support_page.h"
#include "tests/support_review.h"
#include "tests/support_scratch.h"

static struct support_browser browser = SUPPORT_BROWSER_INIT;

/* After a failed test: no browser left behind, then no server. */
static void suite_end(void)
{
    support_browser_kill(&browser);
    support_page_release();
}

TestSuite(page, .init = support_page_init, .fini = suite_end, .timeout = 240);

/* ---------- the page in the browser ---------- */

/* The DOM of the page at fragment on a laptop screen, after its
   scripts ran (free it). */
static char *dump_dom(const char *fragment)
{
    support_browser_screen(&browser, 1280, 900, 0);
    support_browser_open(&browser, support_page_url(fragment));
    char *dom = support_browser_eval(&browser, "document.documentElement.outerHTML");
    cr_assert_not_null(strstr(dom, "</html>"), "no DOM from chromium for %s", fragment);
    return dom;
}

/* A screenshot of the page at fragment, width x height, into $BUILD/name. */
static void screenshot(const char *fragment, const char *name, int width, int height, int mobile)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", support_page_build_dir(), name);
    support_browser_screenshot(&browser, support_page_url(fragment), width, height, mobile, path);
}

/* Lays each page out on a phone (390 x 844, mobile) and checks that the
   document is no wider than the screen, that nothing but the tables' own
   scrolling boxes reaches past its right edge, and that every touch
   target is 44 px or more (support_review.h). */
static void check_phone_layout(const char **fragments, int n)
{
    support_browser_screen(&browser, 390, 844, 1);
    for (int i = 0; i < n; i++) {
        const char *name = fragments[i][0] ? fragments[i] : "/";
        support_browser_open(&browser, support_page_url(fragments[i]));
        char *state = support_browser_eval(&browser, "String(document.body.getAttribute('data-state'))");
        cr_assert_str_eq(state, "ready", "%s is not ready on a phone", name);
        free(state);
        char *report = support_review_phone_faults(&browser, NULL);
        cr_assert_str_eq(report, "", "%s on a 390 px phone screen: %s", name, report);
        free(report);
    }
}

/* The page's state: "ready" once every fetch is shown; otherwise the error box says why. */
static void assert_ready(const char *dom, const char *where)
{
    struct support_dom_elem body, err;
    char state[32], why[2048] = "";
    cr_assert(support_dom_next(dom, NULL, "body", &body));
    support_dom_attr(&body, "data-state", state, sizeof state);
    if (support_dom_find(dom, NULL, "div", "id", "error", &err))
        support_dom_text(&err, why, sizeof why);
    cr_assert_str_eq(state, "ready", "%s: the page is not ready (%s): %s", where, state, why);
}

/* ---------- expectations from the journal ---------- */

struct tally {
    char name[64];
    int wins, draws, losses, faults;
};

static struct tally *tally_of(struct tally *t, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    cr_assert_lt(*n, 16);
    memset(&t[*n], 0, sizeof t[*n]);
    snprintf(t[*n].name, sizeof t[*n].name, "%s", name);
    return &t[(*n)++];
}

/* Wins, draws, losses and faults of each bot, and of each ordered pairing
   (pair[i][j]: bot i against bot j, indices into names). */
static void count(const struct support_page_journal *j, struct tally *bots, int *nbots, int pair[16][16][3],
                  char names[16][64], int nnames)
{
    memset(pair, 0, sizeof(int) * 16 * 16 * 3);
    const cJSON *rec;
    cJSON_ArrayForEach(rec, j->parties) {
        const cJSON *players = cJSON_GetObjectItem(rec, "players");
        const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "winner"));
        const char *seat[2] = {"A", "B"};
        int idx[2] = {-1, -1};
        for (int s = 0; s < 2; s++) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(players, seat[s]));
            cr_assert_not_null(name);
            for (int k = 0; k < nnames; k++)
                if (strcmp(names[k], name) == 0)
                    idx[s] = k;
            struct tally *t = tally_of(bots, nbots, name);
            int result = !winner ? 1 : strcmp(winner, seat[s]) == 0 ? 0 : 2; /* 0 win, 1 draw, 2 loss */
            if (result == 0) t->wins++;
            if (result == 1) t->draws++;
            if (result == 2) t->losses++;
            const cJSON *kinds = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "faults"), seat[s]), *k;
            cJSON_ArrayForEach(k, kinds) t->faults += (int)cJSON_GetNumberValue(k);
        }
        for (int s = 0; s < 2; s++)
            if (idx[0] >= 0 && idx[1] >= 0) {
                int result = !winner ? 1 : strcmp(winner, seat[s]) == 0 ? 0 : 2;
                pair[idx[s]][idx[1 - s]][result]++;
            }
    }
}

/* "146" or "−146": how the page writes a rating. */
static void whole(double x, char *out, size_t cap)
{
    long r = lround(x);
    if (r < 0)
        snprintf(out, cap, SUPPORT_DOM_MINUS "%ld", -r);
    else
        snprintf(out, cap, "%ld", r);
}

/* ---------- the checks ---------- */

static void check_standings(const char *dom, const cJSON *ratings, struct tally *t, int nt, int parties)
{
    struct support_dom_elem table, rows[16], cell;
    char got[512], want[512];
    support_dom_by_id(dom, "table", "standings", &table);
    const cJSON *bots = cJSON_GetObjectItem(ratings, "bots"), *b;
    int n = support_dom_all(&table, "tr", "bot-row", rows, 16);
    cr_assert_eq(n, cJSON_GetArraySize(bots), "one standings row per bot: %d rows, %d bots", n,
                 cJSON_GetArraySize(bots));
    int grouped = 0, rated = 0, i = 0;
    cJSON_ArrayForEach(b, bots) grouped |= cJSON_GetNumberValue(cJSON_GetObjectItem(b, "group")) > 1;
    cJSON_ArrayForEach(b, bots) {
        const struct support_dom_elem *row = &rows[i++];
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(b, "name"));
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItem(b, "status"));
        const cJSON *rank = cJSON_GetObjectItem(b, "rank"), *group = cJSON_GetObjectItem(b, "group");
        support_dom_attr(row, "data-bot", got, sizeof got);
        cr_assert_str_eq(got, name, "standings row %d is %s, arena ratings says %s", i, got, name);

        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "bot", &cell));
        support_dom_text(&cell, got, sizeof got);
        cr_assert_str_eq(got, name, "row %d shows the bot's name as text", i);

        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "rank", &cell));
        support_dom_text(&cell, got, sizeof got);
        if (!cJSON_IsNumber(rank))
            snprintf(want, sizeof want, "\xe2\x80\x93"); /* an en dash: no rank */
        else if (grouped && cJSON_IsNumber(group))
            snprintf(want, sizeof want, "%d\xc2\xb7%d", group->valueint, rank->valueint);
        else
            snprintf(want, sizeof want, "%d", rank->valueint);
        cr_assert_str_eq(got, want, "%s's rank", name);

        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "rating", &cell));
        if (strcmp(status, "rated") == 0) {
            rated++;
            double rating = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "rating"));
            double lo = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "ci_low"));
            double hi = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "ci_high"));
            support_dom_attr(row, "data-rating", got, sizeof got);
            cr_assert_float_eq(strtod(got, NULL), rating, 1e-6 * (1 + fabs(rating)), "%s's rating %s", name, got);
            struct support_dom_elem v;
            cr_assert(support_dom_find(cell.inner, cell.close, "span", "class", "rating-value", &v));
            support_dom_text(&v, got, sizeof got);
            whole(rating, want, sizeof want);
            cr_assert(strcmp(got, want) == 0 || fabs(support_dom_number(got) - rating) <= 0.5 + 1e-9,
                      "%s's rating shown %s, want %s", name, got, want);
            cr_assert(support_dom_find(cell.inner, cell.close, "span", "class", "pm", &v));
            support_dom_text(&v, got, sizeof got);
            if (cJSON_IsTrue(cJSON_GetObjectItem(b, "interval_ok"))) {
                cr_assert(fabs(support_dom_number(got) - (hi - lo) / 2) <= 0.5 + 1e-9,
                          "%s's interval shown %s, want +-%.2f", name, got, (hi - lo) / 2);
                cr_assert(support_dom_find(row->inner, row->close, "svg", "class", "ibar", &v),
                          "%s has an interval bar", name);
            } else {
                cr_assert_str_eq(got, "\xc2\xb1 ?", "%s's interval rests on too few clusters", name);
                cr_assert_not(support_dom_find(row->inner, row->close, "svg", "class", "ibar", &v),
                              "%s: no bar for an unreliable interval", name);
            }
            support_dom_attr(row, "data-section", got, sizeof got);
            cr_assert_str_eq(got, cJSON_GetStringValue(cJSON_GetObjectItem(b, "section")), "%s's section", name);
        } else {
            support_dom_text(&cell, got, sizeof got);
            cr_assert_str_eq(got, status, "an unrated bot shows why (%s)", name);
        }

        struct tally *mine = NULL;
        for (int k = 0; k < nt; k++)
            if (strcmp(t[k].name, name) == 0)
                mine = &t[k];
        cr_assert_not_null(mine, "%s is in the journal", name);
        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "parties", &cell));
        support_dom_text(&cell, got, sizeof got);
        cr_assert_eq(atoi(got), mine->wins + mine->draws + mine->losses, "%s's parties", name);
        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "wdl", &cell));
        support_dom_text(&cell, got, sizeof got);
        snprintf(want, sizeof want, "%d-%d-%d", mine->wins, mine->draws, mine->losses);
        cr_assert_str_eq(got, want, "%s's W-D-L", name);
        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "score", &cell));
        support_dom_text(&cell, got, sizeof got);
        double pct = 100.0 * (mine->wins + 0.5 * mine->draws) / (mine->wins + mine->draws + mine->losses);
        cr_assert(fabs(support_dom_number(got) - pct) <= 0.05 + 1e-9, "%s's score %s, want %.2f%%", name, got, pct);
        cr_assert(support_dom_find(row->inner, row->close, "td", "class", "faults", &cell));
        support_dom_text(&cell, got, sizeof got);
        cr_assert_eq(atoi(got), mine->faults, "%s's faults: %s, want %d", name, got, mine->faults);
    }
    cr_assert_geq(rated, 2, "the tournament rates at least two bots");

    struct support_dom_elem sum;
    support_dom_by_id(dom, "b", "sum-parties", &sum);
    support_dom_text(&sum, got, sizeof got);
    cr_assert_eq(atoi(got), parties, "the header counts %s parties, %d posted", got, parties);
    support_dom_by_id(dom, "b", "sum-bots", &sum);
    support_dom_text(&sum, got, sizeof got);
    cr_assert_eq(atoi(got), cJSON_GetArraySize(bots), "the header counts the bots");
}

/* The head-to-head LOS of row bot against column bot from `arena ratings
   --head-to-head --json`'s pairings (listed once, either way round); -1
   when they never met. */
static double h2h_los(const cJSON *h2h, const char *row, const char *col)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(h2h, "pairings")) {
        const char *a = cJSON_GetStringValue(cJSON_GetObjectItem(p, "bot"));
        const char *b = cJSON_GetStringValue(cJSON_GetObjectItem(p, "opponent"));
        double los = cJSON_GetNumberValue(cJSON_GetObjectItem(p, "los"));
        if (!strcmp(a, row) && !strcmp(b, col)) return los;
        if (!strcmp(a, col) && !strcmp(b, row)) return 1 - los;
    }
    return -1;
}

static void check_crosstable(const char *dom, const cJSON *ratings, const cJSON *h2h, int pair[16][16][3],
                             char names[16][64], int n)
{
    struct support_dom_elem table, cell, tbody;
    char got[512], want[512];
    support_dom_by_id(dom, "table", "crosstable", &table);
    cr_assert(support_dom_next(table.inner, table.close, "tbody", &tbody));
    const cJSON *los = cJSON_GetObjectItem(ratings, "los");
    int significant = 0, cells = 0;
    const char *p = tbody.inner;
    while (support_dom_find(p, tbody.close, "td", "class", "cell", &cell)) {
        p = cell.close;
        char row[128], col[128];
        support_dom_attr(&cell, "data-row", row, sizeof row);
        support_dom_attr(&cell, "data-col", col, sizeof col);
        int i = -1, j = -1;
        for (int k = 0; k < n; k++) {
            if (strcmp(names[k], row) == 0) i = k;
            if (strcmp(names[k], col) == 0) j = k;
        }
        cr_assert(i >= 0 && j >= 0, "crosstable cell of unknown bots %s / %s", row, col);
        cr_assert_eq(i, cells / n, "crosstable rows in standings order (%s)", row);
        cr_assert_eq(j, cells % n, "crosstable columns in standings order (%s)", col);
        cells++;
        int w = pair[i][j][0], d = pair[i][j][1], l = pair[i][j][2];
        if (i == j) {
            cr_assert(support_dom_has_class(&cell, "self"));
            continue;
        }
        if (w + d + l == 0) {
            cr_assert(support_dom_has_class(&cell, "none"), "%s and %s never met", row, col);
            continue;
        }
        support_dom_text(&cell, got, sizeof got);
        double pct = 100.0 * (w + 0.5 * d) / (w + d + l);
        cr_assert(fabs(support_dom_number(got) - pct) <= 0.5 + 1e-9, "%s vs %s shows %s, want %.1f%%", row, col, got,
                  pct);
        support_dom_attr(&cell, "title", got, sizeof got);
        snprintf(want, sizeof want, "W-D-L %d-%d-%d", w, d, l);
        cr_assert_not_null(strstr(got, want), "%s vs %s tooltip '%s' lacks '%s'", row, col, got, want);
        /* coloured by the pair's own head-to-head, marked besides colour */
        double own = h2h_los(h2h, row, col);
        cr_assert_geq(own, 0, "%s and %s met, so arena ratings --head-to-head has them", row, col);
        const char *cls = own > 0.975 ? "better" : own < 0.025 ? "worse" : "neutral";
        significant += strcmp(cls, "neutral") != 0;
        cr_assert(support_dom_has_class(&cell, cls), "%s vs %s: head-to-head LOS %.4f, so the cell should be %s", row,
                  col, own, cls);
        char text[128];
        support_dom_text(&cell, text, sizeof text);
        const char *mark = !strcmp(cls, "better") ? "\xe2\x96\xb2" : !strcmp(cls, "worse") ? "\xe2\x96\xbc" : NULL;
        if (mark) cr_assert_not_null(strstr(text, mark), "%s vs %s: '%s' lacks its %s mark", row, col, text, cls);
        else cr_assert(!strstr(text, "\xe2\x96\xb2") && !strstr(text, "\xe2\x96\xbc"), "%s", text);
        const char *shown_h2h = strstr(got, "head-to-head LOS ");
        cr_assert(shown_h2h && fabs(support_dom_number(shown_h2h + strlen("head-to-head LOS ")) - 100 * own) <= 0.05 + 1e-9,
                  "%s vs %s tooltip '%s', want head-to-head LOS %.1f%%", row, col, got, 100 * own);
        const cJSON *x = cJSON_GetObjectItem(cJSON_GetObjectItem(los, row), col);
        if (cJSON_IsNumber(x)) {
            snprintf(want, sizeof want, "rating LOS %.1f%%", 100 * x->valuedouble);
            const char *shown = strstr(got, "rating LOS ");
            cr_assert(shown && fabs(support_dom_number(shown) - 100 * x->valuedouble) <= 0.05 + 1e-9,
                      "%s vs %s tooltip '%s', want %s", row, col, got, want);
        }
    }
    cr_assert_eq(cells, n * n, "an n-by-n crosstable: %d cells for %d bots", cells, n);
    cr_assert_gt(significant, 0, "this tournament is chosen to have significant results; none was coloured");
}

static int rated_points(const cJSON *history, const char *name)
{
    int k = 0;
    const cJSON *pt;
    cJSON_ArrayForEach(pt, cJSON_GetObjectItem(history, "points")) {
        k += cJSON_IsNumber(cJSON_GetObjectItem(cJSON_GetObjectItem(pt, "ratings"), name));
    }
    return k;
}

static void check_plot(const char *dom, const cJSON *ratings, const cJSON *history)
{
    struct support_dom_elem box, svg, paths[16], legend;
    char got[4096];
    support_dom_by_id(dom, "div", "history", &box);
    cr_assert(support_dom_next(box.inner, box.close, "svg", &svg), "the rating history is an <svg>");
    int n = support_dom_all(&svg, "path", "line", paths, 16);
    int want = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(ratings, "bots")) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(b, "name"));
        int points = rated_points(history, name);
        if (points == 0)
            continue;
        want++;
        int found = 0;
        for (int i = 0; i < n; i++) {
            support_dom_attr(&paths[i], "data-bot", got, sizeof got);
            if (strcmp(got, name) != 0)
                continue;
            found++;
            support_dom_attr(&paths[i], "d", got, sizeof got);
            int moves = 0;
            for (const char *c = got; *c; c++)
                moves += *c == 'M' || *c == 'L';
            cr_assert_eq(moves, points, "%s's line has %d points, the history %d", name, moves, points);
        }
        cr_assert_eq(found, 1, "one line for %s", name);
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "rated") == 0) {
            const cJSON *pts = cJSON_GetObjectItem(history, "points");
            const cJSON *last = cJSON_GetArrayItem(pts, cJSON_GetArraySize(pts) - 1);
            cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(cJSON_GetObjectItem(last, "ratings"), name)),
                      "a rated bot (%s) has a rating at the last point of the history", name);
        }
    }
    cr_assert_eq(n, want, "one line per bot rated at some point: %d lines, %d bots", n, want);
    cr_assert_geq(want, 2);
    struct support_dom_elem ticks[32];
    cr_assert_geq(support_dom_all(&svg, "text", "ytick", ticks, 32), 2, "the plot has a rating axis with ticks");
    cr_assert_geq(support_dom_all(&svg, "text", "xtick", ticks, 32), 2, "the plot has a parties axis with ticks");
    support_dom_by_id(dom, "ul", "legend", &legend);
    int li = 0;
    struct support_dom_elem item;
    for (const char *p = legend.inner; support_dom_next(p, legend.close, "li", &item); p = item.close)
        li++;
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(history, "points"), 0);
    cr_assert_eq(li, cJSON_GetArraySize(cJSON_GetObjectItem(first, "ratings")), "one legend entry per bot of the history");
}

static void check_latest(const char *dom, const struct support_page_journal *j)
{
    struct support_dom_elem table, rows[64];
    char got[128];
    support_dom_by_id(dom, "table", "parties", &table);
    int n = support_dom_all(&table, "tr", "partie-row", rows, 64);
    int posted = cJSON_GetArraySize(j->parties);
    cr_assert_eq(n, posted < 20 ? posted : 20, "the latest 20 parties are listed (%d rows)", n);
    support_dom_attr(&rows[0], "data-key", got, sizeof got);
    cr_assert_str_eq(got, support_page_partie_key(cJSON_GetArrayItem(j->parties, posted - 1)), "newest first");
    struct support_dom_elem link;
    cr_assert(support_dom_find(rows[0].inner, rows[0].close, "a", "class", "partie-link", &link));
    support_dom_attr(&link, "href", got, sizeof got);
    cr_assert_not_null(strstr(got, "#/partie/"), "each partie links to the viewer");
}

static int cmp_code(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Sorted cards of one row of a hand, as "7C 8C ..." */
static void hand_row(const struct support_dom_elem *hand, const char *row, char *out, size_t cap)
{
    struct support_dom_elem box, cards[16];
    char cls[32];
    snprintf(cls, sizeof cls, "cards-%s", row);
    cr_assert(support_dom_find(hand->inner, hand->close, "span", "class", cls, &box), "no %s row", row);
    int n = support_dom_all(&box, "span", "pcard", cards, 16);
    char codes[16][8];
    for (int i = 0; i < n; i++)
        support_dom_attr(&cards[i], "data-card", codes[i], sizeof codes[i]);
    qsort(codes, (size_t)n, sizeof codes[0], cmp_code);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", codes[i]);
}

static int cmp_card(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted list of the given cards as "7C 8C ...". */
static void sorted(char **cards, int n, char *out, size_t cap)
{
    qsort(cards, (size_t)n, sizeof cards[0], cmp_card);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", cards[i]);
}

/* The hands after the exchange, from the pack and the actions alone:
   cards 0-11 elder's, 12-23 younger's, 24-31 the talon top first; elder
   takes from the top as many as he discards, younger the next ones
   (with carte blanche: "announce k", younger's discard, then elder's). */
struct hands {
    char dealt[2][128], discarded[2][128], taken[2][128], held[2][128];
    int plays;
};

static void deal_hands(const cJSON *deal, struct hands *h)
{
    char deck[32][3];
    const char *pack = cJSON_GetStringValue(cJSON_GetObjectItem(deal, "deck"));
    cr_assert_not_null(pack);
    for (int i = 0; i < 32; i++)
        snprintf(deck[i], 3, "%.2s", pack + 3 * i);
    const cJSON *acts = cJSON_GetObjectItem(deal, "actions"), *a;
    char disc[2][8][3];
    int nd[2] = {0, 0}, seen = 0, announce = 0;
    h->plays = 0;
    cJSON_ArrayForEach(a, acts) {
        const char *s = cJSON_GetStringValue(a);
        if (strncmp(s, "announce", 8) == 0)
            announce = 1;
        if (strncmp(s, "play ", 5) == 0)
            h->plays++;
        if (strncmp(s, "discard", 7) != 0 || seen == 2)
            continue;
        int seat = announce ? 1 - seen : seen; /* 0 elder, 1 younger */
        seen++;
        for (const char *c = s + 7; *c == ' ' && c[1]; c += 3)
            snprintf(disc[seat][nd[seat]++], 3, "%.2s", c + 1);
    }
    int top = 24;
    for (int seat = 0; seat < 2; seat++) {
        char *dealt[12], *gone[8], *taken[8], *held[12];
        int nh = 0;
        for (int i = 0; i < 12; i++) {
            dealt[i] = deck[12 * seat + i];
            int out = 0;
            for (int k = 0; k < nd[seat]; k++)
                out |= strcmp(disc[seat][k], dealt[i]) == 0;
            if (!out)
                held[nh++] = dealt[i];
        }
        for (int k = 0; k < nd[seat]; k++) {
            gone[k] = disc[seat][k];
            taken[k] = deck[top++];
            held[nh++] = taken[k];
        }
        cr_assert_eq(nh, 12);
        sorted(dealt, 12, h->dealt[seat], sizeof h->dealt[seat]);
        sorted(gone, nd[seat], h->discarded[seat], sizeof h->discarded[seat]);
        sorted(taken, nd[seat], h->taken[seat], sizeof h->taken[seat]);
        sorted(held, 12, h->held[seat], sizeof h->held[seat]);
    }
}

static void check_viewer(const char *dom, const cJSON *rec, int deal_no, const cJSON *replayed)
{
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "deals"), deal_no - 1);
    const char *first = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "first_dealer"));
    const cJSON *players = cJSON_GetObjectItem(rec, "players");
    /* the first dealer deals odd deals, so the other is elder then */
    const char *elder_seat = (deal_no % 2 == 1) == (strcmp(first, "A") == 0) ? "B" : "A";
    const char *who[2] = {cJSON_GetStringValue(cJSON_GetObjectItem(players, elder_seat)),
                          cJSON_GetStringValue(cJSON_GetObjectItem(players, strcmp(elder_seat, "A") ? "A" : "B"))};
    struct hands h;
    deal_hands(deal, &h);
    char got[1024], want[256];

    struct support_dom_elem e;
    support_dom_by_id(dom, "p", "deal-result", &e);
    support_dom_attr(&e, "data-deal", got, sizeof got);
    cr_assert_eq(atoi(got), deal_no, "the viewer opened deal %s, the link said %d", got, deal_no);
    int elder = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(replayed, "elder"));
    int younger = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(replayed, "younger"));
    support_dom_attr(&e, "data-elder", got, sizeof got);
    cr_assert_eq(atoi(got), elder, "deal %d: elder scores %s on the page, %d by arena replay", deal_no, got, elder);
    support_dom_attr(&e, "data-younger", got, sizeof got);
    cr_assert_eq(atoi(got), younger, "deal %d: younger scores %s on the page, %d by arena replay", deal_no, got,
                 younger);
    support_dom_text(&e, got, sizeof got);
    snprintf(want, sizeof want, "elder %s %d, younger %s %d", who[0], elder, who[1], younger);
    cr_assert_not_null(strstr(got, want), "the deal result reads '%s', want '%s'", got, want);

    /* opened without a step: the deal's end, whose score is the result */
    support_dom_by_id(dom, "div", "step-score", &e);
    support_dom_attr(&e, "data-elder", got, sizeof got);
    cr_assert_eq(atoi(got), elder, "the score at the last step");
    support_dom_attr(&e, "data-younger", got, sizeof got);
    cr_assert_eq(atoi(got), younger, "the score at the last step");
    support_dom_attr(&e, "data-step", got, sizeof got);
    cr_assert_eq(atoi(got), cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")), "at the last step");

    /* each player keeps his side: A on the left, B on the right; the box
       says which role its player holds in this deal */
    const char *ids[2] = {"hand-a", "hand-b"}, *roles[2] = {"elder", "younger"};
    for (int seat = 0; seat < 2; seat++) {
        struct support_dom_elem hand, name;
        int elder_box = strcmp(elder_seat, "A") == 0 ? 0 : 1, box = seat == 0 ? elder_box : 1 - elder_box;
        support_dom_by_id(dom, "div", ids[box], &hand);
        support_dom_attr(&hand, "data-role", got, sizeof got);
        cr_assert_str_eq(got, roles[seat], "deal %d: box %s holds the %s", deal_no, ids[box], roles[seat]);
        cr_assert(support_dom_find(hand.inner, hand.close, "span", "class", "seat-name", &name));
        support_dom_text(&name, got, sizeof got);
        cr_assert_str_eq(got, who[seat], "%s's name", ids[seat]);
        hand_row(&hand, "dealt", got, sizeof got);
        cr_assert_str_eq(got, h.dealt[seat], "%s dealt", ids[seat]);
        hand_row(&hand, "discarded", got, sizeof got);
        cr_assert_str_eq(got, h.discarded[seat], "%s discarded", ids[seat]);
        hand_row(&hand, "taken", got, sizeof got);
        cr_assert_str_eq(got, h.taken[seat], "%s taken", ids[seat]);
        hand_row(&hand, "held", got, sizeof got);
        cr_assert_str_eq(got, h.held[seat], "%s held", ids[seat]);
    }

    struct support_dom_elem tricks, rows[16], steps, items[128];
    support_dom_by_id(dom, "table", "tricks", &tricks);
    int n = support_dom_all(&tricks, "tr", "trick", rows, 16);
    const cJSON *won = cJSON_GetObjectItem(replayed, "tricks");
    int we = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(won, "elder"));
    int wy = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(won, "younger"));
    cr_assert_eq(n, h.plays / 2, "%d tricks shown, %d played", n, h.plays / 2);
    cr_assert_eq(n, we + wy, "%d tricks shown, arena replay counts %d", n, we + wy);
    int by_elder = 0;
    for (int i = 0; i < n; i++) {
        support_dom_attr(&rows[i], "data-winner", got, sizeof got);
        by_elder += strcmp(got, "elder") == 0;
    }
    cr_assert_eq(by_elder, we, "elder won %d tricks on the page, %d by arena replay", by_elder, we);

    support_dom_by_id(dom, "ol", "steps", &steps);
    int k = 0;
    for (const char *p = steps.inner; k < 128 && support_dom_next(p, steps.close, "li", &items[k]);
         p = items[k - 1].close)
        k++;
    cr_assert_eq(k, cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")), "one line per action: %d lines, %d actions",
                 k, cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")));
    int notes = 0;
    for (int i = 0; i < k; i++)
        notes += support_dom_attr(&items[i], "data-note", got, sizeof got);
    int declares = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(deal, "actions")) declares += strncmp(a->valuestring, "declare", 7) == 0;
    cr_assert(declares == 0 || notes > 0, "the declarations say good / not good / equal");
}

/* The bot page of the bot whose name holds HTML, reached by its escaped name. */
static void check_bot_page(const char *dom, const struct tally *mine, int pair[16][16][3], char names[16][64], int n)
{
    struct support_dom_elem e, table, rows[16];
    char got[512], want[512];
    support_dom_by_id(dom, "h2", "bot-title", &e);
    support_dom_text(&e, got, sizeof got);
    cr_assert_str_eq(got, mine->name, "the bot page's title");
    cr_assert(support_dom_find(dom, NULL, "dd", "data-fact", "parties", &e));
    support_dom_text(&e, got, sizeof got);
    cr_assert_eq(atoi(got), mine->wins + mine->draws + mine->losses, "the bot page's parties");
    cr_assert(support_dom_find(dom, NULL, "dd", "data-fact", "w-d-l", &e));
    support_dom_text(&e, got, sizeof got);
    snprintf(want, sizeof want, "%d-%d-%d", mine->wins, mine->draws, mine->losses);
    cr_assert_str_eq(got, want, "the bot page's W-D-L");
    int me = -1, met = 0;
    for (int k = 0; k < n; k++)
        if (strcmp(names[k], mine->name) == 0)
            me = k;
    cr_assert_geq(me, 0);
    support_dom_by_id(dom, "table", "bot-opponents", &table);
    int rows_n = support_dom_all(&table, "tr", "opponent", rows, 16);
    for (int k = 0; k < n; k++) {
        int *c = pair[me][k];
        if (k == me || c[0] + c[1] + c[2] == 0)
            continue;
        met++;
        struct support_dom_elem row = {0}, cell;
        int found = 0;
        for (int r = 0; r < rows_n && !found; r++) {
            support_dom_attr(&rows[r], "data-bot", got, sizeof got);
            if (strcmp(got, names[k]) == 0) {
                row = rows[r];
                found = 1;
            }
        }
        cr_assert(found, "%s's page lists the opponent %s", mine->name, names[k]);
        cr_assert(support_dom_find(row.inner, row.close, "td", "class", "wdl", &cell));
        support_dom_text(&cell, got, sizeof got);
        snprintf(want, sizeof want, "%d-%d-%d", c[0], c[1], c[2]);
        cr_assert_str_eq(got, want, "%s against %s", mine->name, names[k]);
    }
    cr_assert_eq(rows_n, met, "one row per opponent met: %d rows, %d met", rows_n, met);
}

/* ---------- the tests ---------- */

Test(page, shows_a_real_tournament_as_arena_ratings_and_replay_see_it)
{
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    const char *journal_path = support_scratch_path("tournament.jsonl");
    support_page_play_tournament(journal_path);
    struct support_page_journal j;
    support_page_read_journal(journal_path, &j);
    support_page_start_server();
    support_page_post_journal(&j);

    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s/arena' ratings --json '%s'", support_page_bin_dir(), journal_path);
    char *out = support_page_run(cmd);
    cJSON *ratings = cJSON_Parse(out);
    cr_assert_not_null(ratings, "arena ratings --json: %s", out);
    free(out);
    snprintf(cmd, sizeof cmd, "'%s/arena' ratings --head-to-head --json '%s'", support_page_bin_dir(), journal_path);
    out = support_page_run(cmd);
    cJSON *h2h = cJSON_Parse(out);
    cr_assert_not_null(h2h, "arena ratings --head-to-head --json: %s", out);
    free(out);

    char names[16][64];
    int n = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(ratings, "bots")) {
        cr_assert_lt(n, 16);
        snprintf(names[n++], sizeof names[0], "%s", cJSON_GetStringValue(cJSON_GetObjectItem(b, "name")));
    }
    struct tally t[16];
    int nt = 0;
    static int pair[16][16][3];
    count(&j, t, &nt, pair, names, n);

    cJSON *history = NULL;
    cr_assert_eq(support_page_http("/api/v1/history", NULL, &history), 200);

    char *dom = dump_dom("");
    assert_ready(dom, "the leaderboard");
    /* a name holding HTML stays text: never a <b> element */
    cr_assert_null(strstr(dom, "<b>r&amp;"), "the bot name '" SUPPORT_PAGE_HTML_BOT "' was parsed as HTML");
    cr_assert_not_null(strstr(dom, "&lt;b&gt;r&amp;amp;"), "the bot name '" SUPPORT_PAGE_HTML_BOT "' is shown as text");
    check_standings(dom, ratings, t, nt, cJSON_GetArraySize(j.parties));
    check_crosstable(dom, ratings, h2h, pair, names, n);
    check_plot(dom, ratings, history);
    check_latest(dom, &j);
    free(dom);

    /* the viewer: deal 2 of a partie played to the end, one with the HTML name */
    const cJSON *rec = NULL, *r;
    cJSON_ArrayForEach(r, j.parties) {
        if (!cJSON_IsNull(cJSON_GetObjectItem(r, "forfeit")) || cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")) < 2)
            continue;
        const cJSON *players = cJSON_GetObjectItem(r, "players");
        int html = strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(players, "A")), SUPPORT_PAGE_HTML_BOT) == 0 ||
                   strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(players, "B")), SUPPORT_PAGE_HTML_BOT) == 0;
        if (!rec || html)
            rec = r;
        if (html)
            break;
    }
    cr_assert_not_null(rec, "a partie played to the end");
    cJSON *deal = cJSON_Duplicate(cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "deals"), 1), 1);
    cr_assert_not_null(deal);
    if (!cJSON_GetObjectItem(deal, "rules"))
        cr_assert(cJSON_AddItemToObject(deal, "rules", cJSON_Duplicate(cJSON_GetObjectItem(rec, "rules"), 1)));
    char *deal_text = cJSON_Print(deal);
    support_page_write_file(support_scratch_path("deal2.json"), deal_text);
    free(deal_text);
    cJSON_Delete(deal);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", support_page_bin_dir(),
             support_scratch_path("deal2.json"));
    out = support_page_run(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);

    char fragment[256];
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2", support_page_partie_key(rec));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    check_viewer(dom, rec, 2, replayed);
    free(dom);

    /* a deep link to a step: step 0 is the deal before anything is played */
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2/step/0", support_page_partie_key(rec));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    struct support_dom_elem score;
    char got[64];
    support_dom_by_id(dom, "div", "step-score", &score);
    support_dom_attr(&score, "data-step", got, sizeof got);
    cr_assert_str_eq(got, "0", "the link opened step 0");
    support_dom_attr(&score, "data-elder", got, sizeof got);
    cr_assert_str_eq(got, "0", "nothing scored at step 0");
    support_dom_attr(&score, "data-younger", got, sizeof got);
    cr_assert_str_eq(got, "0", "nothing scored at step 0");
    free(dom);

    /* a partie forfeited before its first deal opens, with nothing to step through */
    const cJSON *empty = NULL;
    cJSON_ArrayForEach(r, j.parties) if (!empty && cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")) == 0) empty = r;
    cr_assert_not_null(empty, "the crashing bot forfeits parties before their first deal");
    snprintf(fragment, sizeof fragment, "#/partie/%s", support_page_partie_key(empty));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    struct support_dom_elem totals;
    support_dom_by_id(dom, "b", "partie-totals", &totals);
    support_dom_text(&totals, got, sizeof got);
    const cJSON *sums = cJSON_GetObjectItem(empty, "totals");
    char want[64];
    snprintf(want, sizeof want, "%d \xe2\x80\x93 %d", (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sums, "A")),
             (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sums, "B")));
    cr_assert_str_eq(got, want, "the forfeited partie's totals");
    free(dom);

    /* the bot page of the name holding HTML, through its escaped address */
    const struct tally *html = NULL;
    for (int k = 0; k < nt; k++)
        if (strcmp(t[k].name, SUPPORT_PAGE_HTML_BOT) == 0)
            html = &t[k];
    cr_assert_not_null(html);
    dom = dump_dom("#/bot/%3Cb%3Er%26amp%3B");
    assert_ready(dom, "the bot page");
    check_bot_page(dom, html, pair, names, n);
    free(dom);

    /* on a phone nothing overflows the screen (the tables scroll in their boxes) */
    char phone_partie[256], phone_bot[64] = "#/bot/%3Cb%3Er%26amp%3B";
    snprintf(phone_partie, sizeof phone_partie, "#/partie/%s/deal/2/step/20", support_page_partie_key(rec));
    const char *phone[] = {"", phone_partie, phone_bot};
    check_phone_layout(phone, 3);

    screenshot("", "page.png", 1280, 2000, 0);
    screenshot("", "page-phone.png", 390, 2400, 1);
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2/step/20", support_page_partie_key(rec));
    screenshot(fragment, "page-partie.png", 1280, 1500, 0);
    support_browser_stop(&browser);

    support_page_stop_server();
    cJSON_Delete(replayed);
    cJSON_Delete(history);
    cJSON_Delete(ratings);
    cJSON_Delete(h2h);
    cJSON_Delete(j.parties);
}

Test(page, says_so_when_there_is_nothing_or_no_such_partie)
{
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    support_page_start_server();
    char *dom = dump_dom("");
    assert_ready(dom, "an empty leaderboard");
    struct support_dom_elem table, sum;
    char got[512];
    support_dom_by_id(dom, "table", "standings", &table);
    support_dom_text(&table, got, sizeof got);
    cr_assert_not_null(strstr(got, "No parties stored yet."), "an empty leaderboard says so: %s", got);
    support_dom_by_id(dom, "b", "sum-parties", &sum);
    support_dom_text(&sum, got, sizeof got);
    cr_assert_str_eq(got, "0");
    free(dom);

    dom = dump_dom("#/partie/0123456789abcdef-999/deal/2");
    struct support_dom_elem body, err;
    cr_assert(support_dom_next(dom, NULL, "body", &body));
    support_dom_attr(&body, "data-state", got, sizeof got);
    cr_assert_str_eq(got, "error", "an unknown partie is an error");
    support_dom_by_id(dom, "div", "error", &err);
    cr_assert_eq(support_dom_attr(&err, "hidden", got, sizeof got), 0, "the error is visible");
    support_dom_text(&err, got, sizeof got);
    cr_assert_not_null(strstr(got, "No such partie '0123456789abcdef-999'"), "the error names the partie: %s", got);
    free(dom);
    support_browser_stop(&browser);
    support_page_stop_server();
}

/* ---------- Belote: the switcher, the standings, the match viewer ---------- */

/* The value of a script that returns JSON.stringify(...), parsed (delete it). */
static cJSON *page_json(const char *script)
{
    return support_browser_eval_json(&browser, script);
}

static void open_ready(const char *fragment)
{
    support_page_open_ready(&browser, fragment, 1280, 0);
}

Test(page, shows_a_belote_tournament_with_its_switcher_standings_and_viewer)
{
    char path4[4200], path2[4200], fragment[256], cmd[8400];
    snprintf(path4, sizeof path4, "%s", support_scratch_path("belote4.jsonl"));
    snprintf(path2, sizeof path2, "%s", support_scratch_path("belote2.jsonl"));
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    support_page_play_belote(path4, 4);
    support_page_play_belote(path2, 2);
    struct support_page_journal j4, j2;
    support_page_read_matches(path4, &j4);
    support_page_read_matches(path2, &j2);
    /* r1 under the widest name the server takes (63 bytes; it refuses
       longer ones), for every layout of the game's views */
    cJSON *each;
    cJSON_ArrayForEach(each, j4.parties) {
        cJSON *seat;
        cJSON_ArrayForEach(seat, cJSON_GetObjectItem(each, "names"))
            if (!strcmp(cJSON_GetStringValue(seat), "r1")) cJSON_SetValuestring(seat, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW");
    }
    support_page_start_server();
    support_page_post_journal(&j4);
    support_page_post_journal(&j2);

    /* #/ with no Piquet: the first game with records; the switcher lists both */
    open_ready("");
    cJSON *games = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#games a'),"
                             " function (a) { return [a.getAttribute('data-game'), a.classList.contains('active')]; }))");
    char *shown = cJSON_PrintUnformatted(games);
    cr_assert_str_eq(shown, "[[\"belote-2\",true],[\"belote-4\",false]]", "the switcher: %s", shown);
    free(shown);
    cJSON_Delete(games);

    /* the 4-player standings: the API's bots in its order, names as text, ratings and intervals */
    open_ready("#/game/belote-4");
    cJSON *st = NULL;
    cr_assert_eq(support_page_http("/api/v1/standings?game=belote-4", NULL, &st), 200);
    cJSON *rows = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                            " function (tr) { return [tr.querySelector('td.bot').textContent,"
                            " tr.querySelector('td.rating').textContent, tr.querySelector('td.parties').textContent,"
                            " tr.querySelectorAll('svg.ibar line.range').length]; }))");
    cr_assert_eq(cJSON_GetArraySize(rows), cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots")));
    cr_assert_eq(cJSON_GetArraySize(rows), 4);
    int html_bot_seen = 0;
    for (int i = 0; i < cJSON_GetArraySize(rows); i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i), *bot = cJSON_GetArrayItem(cJSON_GetObjectItem(st, "bots"), i);
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(bot, "name"));
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(row, 0)), name, "row %d", i);
        html_bot_seen |= !strcmp(name, SUPPORT_PAGE_HTML_BOT);
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(bot, "status")), "rated")) continue;
        char want[64], half[64];
        whole(cJSON_GetObjectItem(bot, "rating")->valuedouble, want, sizeof want);
        whole((cJSON_GetObjectItem(bot, "ci_high")->valuedouble - cJSON_GetObjectItem(bot, "ci_low")->valuedouble) / 2,
              half, sizeof half);
        const char *cell = cJSON_GetStringValue(cJSON_GetArrayItem(row, 1));
        int reliable = cJSON_IsTrue(cJSON_GetObjectItem(bot, "interval_ok"));
        cr_assert(!strncmp(cell, want, strlen(want)) && strstr(cell, reliable ? half : "\xc2\xb1 ?"),
                  "%s's rating cell '%s': %s ± %s", name, cell, want, reliable ? half : "? (no reliable interval)");
        cr_assert_eq(cJSON_GetArrayItem(row, 3)->valueint, reliable, "%s has an interval bar only when reliable", name);
        if (cJSON_IsTrue(cJSON_GetObjectItem(bot, "provisional")))
            cr_assert_not_null(strstr(cell, "provisional"), "%s is marked provisional: '%s'", name, cell);
        cr_assert_eq(atoi(cJSON_GetStringValue(cJSON_GetArrayItem(row, 2))),
                     cJSON_GetObjectItem(bot, "matches")->valueint, "%s's matches", name);
    }
    cr_assert(html_bot_seen, "the bot whose name holds HTML is shown as text");
    cJSON *seats = page_json("JSON.stringify(document.querySelectorAll('#seat-terms tr.seat-term').length)");
    cr_assert_eq(seats->valueint, 4, "a term per seat");
    cJSON_Delete(seats);
    cJSON_Delete(rows);
    cJSON_Delete(st);
    char *count = support_browser_eval(&browser, "document.querySelectorAll('#matches tr.match-row').length + ''");
    cr_assert_eq(atoi(count), cJSON_GetArraySize(j4.parties), "the latest matches");
    free(count);

    /* the viewer of the first match, deal 1 to its end: the tricks and
       scores arena replay gives the deal */
    const cJSON *m = cJSON_GetArrayItem(j4.parties, 0);
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "game", "belote");
    cJSON_AddNumberToObject(rec, "players", 4);
    cJSON_AddItemToObject(rec, "deck", cJSON_Duplicate(cJSON_GetObjectItem(deal, "deck"), 1));
    cJSON_AddItemToObject(rec, "actions", cJSON_Duplicate(cJSON_GetObjectItem(deal, "actions"), 1));
    char *text = cJSON_PrintUnformatted(rec);
    support_page_write_file(support_scratch_path("belote-deal1.json"), text);
    free(text);
    cJSON_Delete(rec);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", support_page_bin_dir(),
             support_scratch_path("belote-deal1.json"));
    char *out = support_page_run(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1", support_page_partie_key(m));
    open_ready(fragment);
    cJSON *view = page_json(
        "JSON.stringify({seats: Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
        "  function (b) { return [b.getAttribute('data-player'), b.querySelector('.seat-head .bot-name').textContent]; }),"
        " winners: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.getAttribute('data-winner'); }),"
        " cards: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.querySelectorAll('.pcard').length; }),"
        " points: document.getElementById('mdeal-points').textContent,"
        " hands: Array.prototype.map.call(document.querySelectorAll('#mhands .mhand'),"
        "  function (h) { return h.querySelectorAll('.pcard').length; }),"
        " bids: document.querySelectorAll('#mbids li').length})");
    /* seat s of deal 1 is player (first dealer + 1 + s) mod 4 (RULES-belote B38) */
    int first = cJSON_GetStringValue(cJSON_GetObjectItem(m, "first_dealer"))[0] - 'A';
    const cJSON *names = cJSON_GetObjectItem(m, "names");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "seats")), 4, "four seats around the table");
    for (int s = 0; s < 4; s++) {
        char letter[2] = { (char)('A' + (first + 1 + s) % 4), 0 };
        const cJSON *box = cJSON_GetArrayItem(cJSON_GetObjectItem(view, "seats"), s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 0)), letter, "seat %d", s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 1)),
                         cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)), "seat %d's name", s);
        int won = 0;
        const cJSON *w;
        cJSON_ArrayForEach(w, cJSON_GetObjectItem(view, "winners")) won += !strcmp(w->valuestring, letter);
        cr_assert_eq(won, cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "tricks"), s)->valueint,
                     "seat %d's tricks on the page and by arena replay", s);
        char want[128];
        snprintf(want, sizeof want, "%s %d", cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)),
                 cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "scores"), s)->valueint);
        cr_assert_not_null(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want),
                           "the deal's points '%s' hold '%s'", cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want);
    }
    const cJSON *c;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "winners")), 8, "eight tricks");
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "cards")) cr_assert_eq(c->valueint, 4, "four cards a trick");
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "hands")) cr_assert_eq(c->valueint, 8, "every hand after the deal");
    cr_assert_geq(cJSON_GetObjectItem(view, "bids")->valueint, 1, "the bids are listed");
    cJSON_Delete(view);
    cJSON_Delete(replayed);

    /* stepping: at step 0 nothing is played, every seat holds its hand */
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/0", support_page_partie_key(m));
    open_ready(fragment);
    cJSON *at0 = page_json("JSON.stringify([document.querySelectorAll('#felt .trick-card').length,"
                           " Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
                           "  function (b) { return b.querySelectorAll('.pcard').length; })])");
    cr_assert_eq(cJSON_GetArrayItem(at0, 0)->valueint, 0);
    cJSON_ArrayForEach(c, cJSON_GetArrayItem(at0, 1)) cr_assert_gt(c->valueint, 0, "each seat holds cards");
    cJSON_Delete(at0);
    /* each player keeps his place at the table from deal to deal */
    char *places1 = support_browser_eval(&browser, "Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
                                                   " function (b) { return b.getAttribute('data-player') + ':' +"
                                                   " b.className.match(/place-(\\w+)/)[1]; }).sort().join(' ')");
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/2/step/0", support_page_partie_key(m));
    open_ready(fragment);
    char *places2 = support_browser_eval(&browser, "Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
                                                   " function (b) { return b.getAttribute('data-player') + ':' +"
                                                   " b.className.match(/place-(\\w+)/)[1]; }).sort().join(' ')");
    cr_assert_str_eq(places2, places1, "the players' places in deal 2 and in deal 1");
    /* the deals' tabs are one tab stop, the deal shown; Right goes on */
    char *tabs = support_browser_eval(&browser,
        "(function () { var on = Array.prototype.filter.call(document.querySelectorAll('#mdeal-tabs a'),"
        "  function (a) { return a.tabIndex >= 0; });"
        "  if (on.length !== 1) return on.length + ' tab stops';"
        "  on[0].focus(); on[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));"
        "  return on[0].getAttribute('data-deal') + ' then ' + document.activeElement.getAttribute('data-deal'); })()");
    cr_assert_str_eq(tabs, "2 then 3", "the deals' tabs: %s", tabs);
    free(tabs);
    cr_assert_not_null(strstr(places1, "A:south"), "%s", places1);
    free(places1);
    free(places2);
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/0", support_page_partie_key(m));
    open_ready(fragment);
    /* End: the action list scrolls itself to the last step, which is in
       its sight; N: the next deal */
    char *seen = support_browser_eval(&browser,
        "(function () { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));"
        "  var ol = document.getElementById('msteps'), li = ol.querySelector('li.now');"
        "  if (!li) return 'no current step';"
        "  if (ol.scrollHeight <= ol.clientHeight) return 'the list does not scroll: ' + ol.scrollHeight;"
        "  var a = ol.getBoundingClientRect(), b = li.getBoundingClientRect();"
        "  return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 ? '' : 'the current step at ' + Math.round(b.top) +"
        "    ' px, the list from ' + Math.round(a.top) + ' to ' + Math.round(a.bottom); })()");
    cr_assert_str_eq(seen, "", "%s", seen);
    free(seen);
    free(support_browser_eval(&browser, "document.body.setAttribute('data-state', 'left');"
                                        " document.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' })); ''"));
    for (int t = 0; t < 1000; t++) {
        char *state = support_browser_eval(&browser, "String(document.body.getAttribute('data-state'))");
        int done = !strcmp(state, "ready");
        free(state);
        if (done) break;
        const struct timespec pause = { 0, 10 * 1000000L };
        nanosleep(&pause, NULL);
    }
    char *hash = support_browser_eval(&browser, "location.hash");
    cr_assert_not_null(strstr(hash, "/deal/2"), "N goes to the next deal: %s", hash);
    free(hash);

    const char *phone[] = { "#/game/belote-4", fragment };
    check_phone_layout(phone, 2);
    support_review_game(&browser, "belote-4", support_page_partie_key(m),
                        cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(m, "names"), "A")));
    screenshot("#/game/belote-4", "page-belote.png", 1280, 1800, 0);
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/14", support_page_partie_key(m));
    screenshot(fragment, "page-belote-match.png", 1280, 1800, 0);
    cJSON_Delete(j4.parties);
    cJSON_Delete(j2.parties);
    support_browser_stop(&browser);
    support_page_stop_server();
}

/* ---------- a big leaderboard: 40 bots, 5,000 parties and more ---------- */

enum { BIG_BOTS = 40, BIG_PARTIES = 5000 };

/* The widest name the protocol allows (63 bytes), for the layouts. */
#define BIG_LONG_NAME "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"

/* Bot k of the big leaderboard's name. */
static void big_name(int k, char *out, size_t cap)
{
    if (k == 7) snprintf(out, cap, "%s", BIG_LONG_NAME);
    else snprintf(out, cap, "bot-%02d", k);
}

/* Copies of the real tournament's parties under new run ids, each copy's
   five players mapped to five of BIG_BOTS bots (c * 7 + 11 k mod 40, so
   that the copies overlap and every bot meets many), until there are at
   least BIG_PARTIES; a duplicate pair stays a pair (both its parties are
   in one copy). The caller deletes the array. */
static cJSON *big_records(const struct support_page_journal *j, int *copies)
{
    cJSON *all = cJSON_CreateArray();
    const char *const original[] = { "g", "g1", "g2", SUPPORT_PAGE_HTML_BOT, "f" };
    int per = cJSON_GetArraySize(j->parties);
    *copies = (BIG_PARTIES + per - 1) / per;
    for (int c = 0; c < *copies; c++) {
        const cJSON *rec;
        cJSON_ArrayForEach(rec, j->parties) {
            cJSON *copy = cJSON_Duplicate(rec, 1);
            char run[17], name[64];
            snprintf(run, sizeof run, "%016x", 0xb16000 + c);
            cJSON_ReplaceItemInObject(copy, "run", cJSON_CreateString(run));
            cJSON *players = cJSON_GetObjectItem(copy, "players");
            for (int s = 0; s < 2; s++) {
                const char *seat = s ? "B" : "A";
                const char *was = cJSON_GetStringValue(cJSON_GetObjectItem(players, seat));
                int k = 0;
                while (k < 5 && strcmp(original[k], was)) k++;
                cr_assert_lt(k, 5, "a player of the tournament: %s", was);
                big_name((c * 7 + 11 * k) % BIG_BOTS, name, sizeof name);
                cJSON_ReplaceItemInObject(players, seat, cJSON_CreateString(name));
            }
            cJSON_AddItemToArray(all, copy);
        }
    }
    return all;
}

/* Posts records in batches of 400 (each under the 8 MiB limit). */
/* The big leaderboard's start, for its test and its benchmark: the
   browser, the real tournament played into j, and its copies (big_records). */
static cJSON *big_start(struct support_page_journal *j, int *copies)
{
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    const char *journal_path = support_scratch_path("tournament.jsonl");
    support_page_play_tournament(journal_path);
    support_page_read_journal(journal_path, j);
    return big_records(j, copies);
}

static void post_batches(const cJSON *records)
{
    int n = cJSON_GetArraySize(records);
    for (int from = 0; from < n; from += 400) {
        cJSON *batch = cJSON_CreateArray();
        for (int k = from; k < n && k < from + 400; k++)
            cJSON_AddItemToArray(batch, cJSON_Duplicate(cJSON_GetArrayItem(records, k), 1));
        struct support_page_journal part = { .parties = batch };
        support_page_post_journal(&part);
        cJSON_Delete(batch);
    }
}

/* Runs script and waits until the page says ready again; with routes,
   the script navigates, and the wait is for the new view (the state is
   set aside first, so that the old view's "ready" does not count). */
static void act_and_wait(const char *script, int routes)
{
    char *r = support_browser_eval(&browser, routes ? "document.body.setAttribute('data-state', 'left'); ''" : "''");
    free(r);
    r = support_browser_eval(&browser, script);
    free(r);
    const struct timespec pause = { 0, 10 * 1000000L };
    for (int t = 0; t < 2000; t++) {
        char *state = support_browser_eval(&browser, "String(document.body.getAttribute('data-state'))");
        int done = !strcmp(state, "ready") || !strcmp(state, "error");
        free(state);
        if (done) return;
        nanosleep(&pause, NULL);
    }
    cr_assert_fail("the page never got ready after: %s", script);
}

static int page_int(const char *script)
{
    char wrapped[4096];
    snprintf(wrapped, sizeof wrapped, "String(%s)", script);
    cJSON *v = page_json(wrapped);
    cr_assert(cJSON_IsNumber(v), "not a number: %s", script);
    int n = v->valueint;
    cJSON_Delete(v);
    return n;
}

/* The value of script once it is want, or after 10 s whatever it is. */
static int wait_int(const char *script, int want)
{
    const struct timespec pause = { 0, 10 * 1000000L };
    int got = page_int(script);
    for (int t = 0; t < 1000 && got != want; t++) {
        nanosleep(&pause, NULL);
        got = page_int(script);
    }
    return got;
}

Test(page, a_big_leaderboard_of_40_bots_stays_honest_usable_and_fast)
{
    struct support_page_journal j;
    int copies;
    cJSON *records = big_start(&j, &copies);
    int n = cJSON_GetArraySize(records);
    cr_assert_geq(n, BIG_PARTIES);
    support_page_start_server();
    post_batches(records);
    /* a newcomer with a few parties: provisional, never ranked */
    struct support_page_journal few = { .parties = cJSON_CreateArray() };
    for (int k = 0; k < 4; k++) {
        cJSON *copy = cJSON_Duplicate(cJSON_GetArrayItem(j.parties, k), 1);
        cJSON_ReplaceItemInObject(copy, "run", cJSON_CreateString("00000000000000ff"));
        cJSON *players = cJSON_GetObjectItem(copy, "players");
        cJSON_ReplaceItemInObject(players, k % 2 ? "B" : "A", cJSON_CreateString("newcomer"));
        cJSON_ReplaceItemInObject(players, k % 2 ? "A" : "B", cJSON_CreateString("bot-00"));
        cJSON_AddItemToArray(few.parties, copy);
    }
    support_page_post_journal(&few);

    /* time to the first standings at this size: a figure, not a limit */
    open_ready("");
    int ready_ms = page_int("document.body.getAttribute('data-ready-ms')");
    fprintf(stderr, "page: %d parties of %d bots: first standings shown %d ms after the navigation started\n", n + 4,
            BIG_BOTS + 1, ready_ms);

    cJSON *st = NULL;
    cr_assert_eq(support_page_http("/api/v1/standings", NULL, &st), 200);
    cr_assert_null(cJSON_GetObjectItem(st, "los"), "no LOS matrix by default");
    int bots = cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots"));
    cr_assert_eq(page_int("document.querySelectorAll('#standings tr.bot-row').length"), bots);
    cr_assert_eq(bots, BIG_BOTS + 1);
    /* the newcomer is provisional, below every ranked bot, unranked */
    cJSON *rows = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                            " function (tr) { return [tr.getAttribute('data-bot'), tr.getAttribute('data-section'),"
                            " tr.querySelector('td.rank').textContent]; }))");
    int seen_provisional = 0, ranked_after = 0;
    for (int i = 0; i < cJSON_GetArraySize(rows); i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i);
        const char *section = cJSON_GetStringValue(cJSON_GetArrayItem(row, 1));
        if (!strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(row, 0)), "newcomer")) {
            cr_assert_str_eq(section, "provisional");
            cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(row, 2)), "\xe2\x80\x93", "no rank");
        }
        seen_provisional |= !strcmp(section, "provisional");
        ranked_after += seen_provisional && !strcmp(section, "ranked");
    }
    cr_assert(seen_provisional);
    cr_assert_eq(ranked_after, 0, "no ranked bot below a provisional one");
    cJSON_Delete(rows);

    /* the crosstable: the top 20, then all 41; each cell and its mirror agree */
    cr_assert_eq(page_int("document.querySelectorAll('#crosstable tbody tr').length"), 20);
    act_and_wait("document.getElementById('xt-all').click(); ''", 0);
    cr_assert_eq(page_int("document.querySelectorAll('#crosstable tbody tr').length"), bots);
    char *bad = support_browser_eval(&browser,
        "(function () { var rows = document.querySelectorAll('#crosstable tbody tr'), out = [];"
        "  for (var i = 0; i < rows.length; i++) for (var j = 0; j < rows.length; j++) {"
        "    var a = rows[i].cells[j + 1], b = rows[j].cells[i + 1], sa = a.getAttribute('data-significant'),"
        "        sb = b.getAttribute('data-significant');"
        "    var mirror = { better: 'worse', worse: 'better', neutral: 'neutral' };"
        "    if (sa && mirror[sa] !== sb && out.length < 5) out.push(i + ',' + j + ' ' + sa + '/' + sb);"
        "    if (sa === 'better' && a.textContent.indexOf('\\u25b2') < 0 && out.length < 5) out.push('no mark ' + i + ',' + j);"
        "  } return out.join('; '); })()");
    cr_assert_str_eq(bad, "", "asymmetric crosstable: %s", bad);
    free(bad);
    /* scrolled down and across, the names stay in sight: sticky heads */
    char *sticky = support_browser_eval(&browser,
        "(function () { var box = document.querySelector('.xt-box'); box.scrollTop = 600; box.scrollLeft = 400;"
        "  var b = box.getBoundingClientRect(), head = document.querySelector('#crosstable thead th.colhead')"
        "  .getBoundingClientRect(), row = document.querySelector('#crosstable tbody th.rowhead').getBoundingClientRect();"
        "  var out = box.scrollTop < 600 || box.scrollLeft < 400 ? 'the grid does not scroll in its box' :"
        "    Math.abs(head.top - b.top) > 1 ? 'the column heads scrolled away' :"
        "    Math.abs(row.left - b.left) > 1 ? 'the row heads scrolled away' : '';"
        "  box.scrollTop = 0; box.scrollLeft = 0; return out; })()");
    cr_assert_str_eq(sticky, "", "%s", sticky);
    free(sticky);
    screenshot("", "page-big.png", 1280, 2400, 0);

    /* a few dozen tab stops on the home page whatever the number of
       bots, a skip link first: each long list is one tab stop, its items
       reached by the arrows */
    open_ready("");
    int stops = support_review_tab_stops(&browser);
    fprintf(stderr, "page: %d tab stops on the home page of %d bots\n", stops, bots);
    cr_assert_leq(stops, SUPPORT_REVIEW_TAB_STOPS, "%d tab stops on the home page", stops);
    cr_assert_eq(page_int("Array.prototype.filter.call(document.querySelectorAll('#standings tbody a'),"
                          " function (a) { return a.tabIndex >= 0; }).length"), 1, "the standings: one tab stop");
    cr_assert_eq(page_int("Array.prototype.filter.call(document.querySelectorAll('#crosstable tbody td'),"
                          " function (a) { return a.tabIndex >= 0; }).length"), 1, "the crosstable: one tab stop");
    char *moved = support_browser_eval(&browser,
        "(function () { var a = document.querySelector('#standings tbody a[tabindex=\"0\"]'); a.focus();"
        "  a.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));"
        "  return document.activeElement.getAttribute('data-bot') + ' ' + document.activeElement.tabIndex; })()");
    char want[128];
    snprintf(want, sizeof want, "%s 0", cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(st,
             "bots"), 1), "name")));
    cr_assert_str_eq(moved, want, "ArrowDown goes to the second bot");
    free(moved);
    char *first = support_browser_eval(&browser, "document.querySelector('a[href], button').id");
    cr_assert_str_eq(first, "skip-link");
    free(first);
    support_review_view(&browser, support_page_url(""), "the home page of 41 bots");
    open_ready("");

    /* the plot: past ten bots dashed lines, a bot's band lit from the
       legend by keyboard focus, and time on the x axis on demand */
    cr_assert_gt(page_int("document.querySelectorAll('#history path.line.dash').length"), 0, "dashed lines past ten");
    cr_assert_eq(page_int("document.querySelectorAll('#legend li[tabindex=\"0\"]').length"), 1, "one tab stop");
    act_and_wait("document.querySelector('#legend li').focus(); ''", 0);
    cr_assert_gt(page_int("Math.round(document.querySelector('#history g.lit path.band').getBoundingClientRect().height)"),
                 0, "the lit bot's interval as a band");
    act_and_wait("document.getElementById('plot-x').click(); ''", 0);
    char *tick = support_browser_eval(&browser, "document.querySelector('#history text.xtick').textContent");
    cr_assert_not_null(strchr(tick, ':'), "a time on the x axis: %s", tick);
    free(tick);

    /* sortable: the score column, best first */
    act_and_wait("document.querySelectorAll('#standings thead th')[5].querySelector('button').click(); ''", 0);
    cJSON *scores = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                              " function (tr) { return parseFloat(tr.querySelector('td.score').textContent); }))");
    for (int i = 1; i < cJSON_GetArraySize(scores); i++)
        cr_assert_geq(cJSON_GetArrayItem(scores, i - 1)->valuedouble, cJSON_GetArrayItem(scores, i)->valuedouble);
    cJSON_Delete(scores);

    /* a cell opens the matches between its two bots, paged in the address */
    open_ready("");
    act_and_wait("window.scrollTo(0, 900); document.querySelector('#crosstable td.cell.better').click(); ''", 1);
    char *hash = support_browser_eval(&browser, "location.hash");
    cr_assert(strstr(hash, "/matches?bot=") && strstr(hash, "&opponent="), "%s", hash);
    free(hash);
    char *wrong = support_browser_eval(&browser,
        "(function () { var q = new URLSearchParams(location.hash.split('?')[1]), a = q.get('bot'), b = q.get('opponent');"
        "  var out = []; document.querySelectorAll('#mlist-parties tr.partie-row').forEach(function (tr) {"
        "    var names = Array.prototype.map.call(tr.querySelectorAll('a.bot-name'), function (x) { return x.textContent; });"
        "    if (names.indexOf(a) < 0 || names.indexOf(b) < 0) out.push(names.join('/')); });"
        "  return document.querySelectorAll('#mlist-parties tr.partie-row').length ? out.join('; ') : 'none listed'; })()");
    cr_assert_str_eq(wrong, "", "parties not between the two bots: %s", wrong);
    free(wrong);
    /* Back: the home view where it was scrolled */
    act_and_wait("history.back(); ''", 1);
    int y = page_int("Math.round(window.scrollY)");
    cr_assert(y >= 850 && y <= 950, "Back put the page at %d px, it was at 900", y);

    /* pages in the address: Older goes to before=, 50 at a time */
    open_ready("#/matches");
    cr_assert_eq(page_int("document.querySelectorAll('#mlist-parties tr.partie-row').length"), 50);
    act_and_wait("location.hash = document.getElementById('mlist-older').getAttribute('href'); ''", 1);
    hash = support_browser_eval(&browser, "location.hash");
    cr_assert_not_null(strstr(hash, "before="), "%s", hash);
    free(hash);
    cr_assert_eq(page_int("document.querySelectorAll('#mlist-parties tr.partie-row').length"), 50);
    int top = page_int("parseInt(document.querySelector('#mlist-parties tr.partie-row').getAttribute('data-seq'), 10)");
    cr_assert_eq(top, n + 4 - 50, "the second page starts after the first 50");

    /* the filters: a bot's wins in one run, in the form and the address;
       the PGN of that run; the form changes the address; dates */
    open_ready("#/matches?bot=bot-00&result=win&run=0000000000b16000");
    char *rows_bad = support_browser_eval(&browser,
        "(function () { var rows = document.querySelectorAll('#mlist-parties tr.partie-row'), out = [];"
        "  rows.forEach(function (tr) { var w = tr.querySelector('td span.winner:not(:has(a))');"
        "    if (tr.getAttribute('data-key').indexOf('0000000000b16000-') !== 0 || !w || w.textContent !== 'bot-00')"
        "      out.push(tr.getAttribute('data-key')); });"
        "  return rows.length ? out.join(' ') : 'none listed'; })()");
    cr_assert_str_eq(rows_bad, "", "rows that are not bot-00's wins in the run: %s", rows_bad);
    free(rows_bad);
    char *form = support_browser_eval(&browser, "['bot', 'result', 'run'].map(function (k) {"
                                                " return document.querySelector('#mfilter [name=' + k + ']').value; }).join(' ')");
    cr_assert_str_eq(form, "bot-00 win 0000000000b16000", "the form shows the filter");
    free(form);
    char *pgn = support_browser_eval(&browser, "document.getElementById('mlist-pgn').getAttribute('href')");
    cr_assert(strstr(pgn, "format=pgn") && strstr(pgn, "run=0000000000b16000"), "%s", pgn);
    free(pgn);
    act_and_wait("document.querySelector('#mfilter [name=result]').value = 'loss';"
                 " document.querySelector('#mfilter button[type=submit]').click(); ''", 1);
    hash = support_browser_eval(&browser, "location.hash");
    cr_assert(strstr(hash, "result=loss") && strstr(hash, "run=0000000000b16000"), "%s", hash);
    free(hash);
    open_ready("#/matches?to=2000-01-01");
    cr_assert_eq(page_int("document.querySelectorAll('#mlist-parties tr.partie-row').length"), 0, "nothing before 2000");

    /* a refresh keeps the older rows the reader loaded, new ones on top */
    open_ready("");
    act_and_wait("document.getElementById('parties-more').click(); ''", 0);
    cr_assert_eq(wait_int("document.querySelectorAll('#parties tr.partie-row').length", 40), 40);
    struct support_page_journal one = { .parties = cJSON_CreateArray() };
    cJSON *extra = cJSON_Duplicate(cJSON_GetArrayItem(records, 0), 1);
    cJSON_ReplaceItemInObject(extra, "run", cJSON_CreateString("00000000000000ee"));
    cJSON_AddItemToArray(one.parties, extra);
    support_page_post_journal(&one);
    act_and_wait("window.Piquet.refreshHome(); ''", 0);
    cr_assert_eq(wait_int("document.querySelectorAll('#parties tr.partie-row').length", 41), 41, "the loaded rows kept");
    cr_assert_eq(page_int("parseInt(document.querySelector('#parties tr.partie-row').getAttribute('data-seq'), 10)"),
                 n + 5, "the new partie on top");

    /* a bot's page pages its own parties in place */
    open_ready("#/bot/bot-03");
    cr_assert_eq(page_int("document.querySelectorAll('#bot-parties tr.partie-row').length"), 20);
    cr_assert_eq(page_int("document.querySelectorAll('#bot-history svg.single path.band').length"), 1,
                 "the bot's interval as a band");
    act_and_wait("document.querySelectorAll('#bot-opponents thead th')[3].querySelector('button').click(); ''", 0);
    cJSON *opp = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#bot-opponents tr.opponent'),"
                           " function (tr) { return parseFloat(tr.querySelector('td.score').textContent); }))");
    for (int i = 1; i < cJSON_GetArraySize(opp); i++)
        cr_assert_geq(cJSON_GetArrayItem(opp, i - 1)->valuedouble, cJSON_GetArrayItem(opp, i)->valuedouble,
                      "the opponents sorted by score");
    cJSON_Delete(opp);
    act_and_wait("document.getElementById('bot-more').click(); ''", 0);
    cr_assert_eq(wait_int("document.querySelectorAll('#bot-parties tr.partie-row').length", 40), 40, "Older on the bot page");

    /* a run's page: its own standings, and its journal */
    char fragment[128];
    snprintf(fragment, sizeof fragment, "#/run/%016x", 0xb16000);
    open_ready(fragment);
    cr_assert_eq(page_int("document.querySelectorAll('#standings tr.bot-row').length"), 5, "one copy's five bots");
    /* the random bot, which beat only the crashing one, has no finite
       rating (separated) and stands below every rated bot, above the
       crashing bot (all losses) that it beat */
    char *order = support_browser_eval(&browser, "Array.prototype.map.call(document.querySelectorAll('#standings"
                                                 " tr.bot-row'), function (tr) { return tr.getAttribute('data-section') +"
                                                 " ':' + tr.getAttribute('data-status'); }).join(' ')");
    cr_assert_str_eq(order, "ranked:rated ranked:rated ranked:rated below:separated below:all losses", "%s", order);
    free(order);
    char *journal = support_browser_eval(&browser, "document.getElementById('run-journal').getAttribute('href')");
    cr_assert_not_null(strstr(journal, "/api/v1/runs/0000000000b16000/journal"), "%s", journal);
    free(journal);

    /* the Piquet viewer: each player keeps his side across the deals, the
       trick on the table, the deal's scoring adding up, N for the next
       deal, younger's answers in words, a forfeit without a file path */
    const cJSON *two = NULL, *r2;
    cJSON_ArrayForEach(r2, records) if (!two && cJSON_GetArraySize(cJSON_GetObjectItem(r2, "deals")) >= 3) two = r2;
    cr_assert_not_null(two);
    const char *a_name = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(two, "players"), "A"));
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/1/step/30", support_page_partie_key(two));
    open_ready(fragment);
    char *side = support_browser_eval(&browser, "document.querySelector('#hand-a .seat-name').textContent");
    cr_assert_str_eq(side, a_name, "deal 1: A on the left");
    free(side);
    char *low = support_review_low_contrast(&browser, NULL);
    cr_assert_str_eq(low, "", "text under 4.5:1 in the partie viewer: %s", low);
    free(low);
    cr_assert_eq(page_int("(function () { var t = 0; document.querySelectorAll('#deal-breakdown tbody tr:not(.total)')"
                          ".forEach(function (tr) { t += parseInt(tr.cells[1].textContent, 10) +"
                          " parseInt(tr.cells[2].textContent, 10); }); return t; })()"),
                 page_int("parseInt(document.getElementById('deal-result').getAttribute('data-elder'), 10) +"
                          " parseInt(document.getElementById('deal-result').getAttribute('data-younger'), 10)"),
                 "the categories add up to the deal's points");
    cr_assert_gt(page_int("document.querySelectorAll('#trick-now .ptrick-card .pcard').length"), 0, "a trick on the table");
    cr_assert_eq(page_int("Array.prototype.filter.call(document.querySelectorAll('#steps .note-badge'), function (b) {"
                          " var li = b.closest('li'); return li.getAttribute('data-seat') === 'younger' &&"
                          " b.textContent.indexOf('answers') !== 0; }).length"), 0, "younger's notes read as answers");
    char *run_link = support_browser_eval(&browser, "document.querySelector('#partie-summary a.run-link').getAttribute('href')");
    cr_assert_not_null(strstr(run_link, "#/run/"), "the partie links its run's page: %s", run_link);
    free(run_link);
    act_and_wait("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' })); ''", 1);
    cr_assert_eq(page_int("parseInt(document.getElementById('deal-result').getAttribute('data-deal'), 10)"), 2, "N: deal 2");
    side = support_browser_eval(&browser, "document.querySelector('#hand-a .seat-name').textContent");
    cr_assert_str_eq(side, a_name, "deal 2: A still on the left, now with the other role");
    free(side);
    char *words = support_browser_eval(&browser, "window.Piquet.forfeitText({ player: 'B', fault: 'crash', message:"
                                                 " \"cannot run '/srv/arena/bots/x': exit 1\" }, { B: 'x' })");
    cr_assert_null(strstr(words, "/srv"), "a server path shown: %s", words);
    cr_assert_not_null(strstr(words, "x crashed"), "%s", words);
    free(words);
    screenshot(fragment, "page-partie-big.png", 1280, 1400, 0);

    /* a 390 px phone: nothing sticks out, the crosstable as lists */
    const char *phone[] = { "", "#/matches?bot=" BIG_LONG_NAME, "#/bot/" BIG_LONG_NAME, fragment };
    check_phone_layout(phone, 4);
    support_browser_screen(&browser, 390, 844, 1);
    support_browser_open(&browser, support_page_url(""));
    cr_assert_eq(page_int("document.querySelectorAll('#xt-lists details.xt-bot').length"), bots);
    cr_assert_eq(page_int("document.getElementById('crosstable').getBoundingClientRect().width"), 0,
                 "no crosstable grid on a phone");
    cr_assert_eq(page_int("document.querySelector('#standings tr.bot-row td.los').getBoundingClientRect().width"), 0,
                 "LOS on demand on a phone");
    cr_assert_gt(page_int("document.querySelector('#standings tr.bot-row td.score').getBoundingClientRect().width"), 0);
    cr_assert_geq(page_int("Math.round(document.querySelector('#xt-lists summary').getBoundingClientRect().height)"), 44,
                  "touch targets of 44 px");
    cr_assert_leq(page_int("(function () { var t = document.getElementById('standings');"
                           " return t.scrollWidth - t.parentElement.clientWidth; })()"), 0,
                  "rating, matches and score side by side, no sideways scrolling of the standings");
    stops = support_review_tab_stops(&browser);
    fprintf(stderr, "page: %d tab stops on the home page of %d bots on a phone\n", stops, bots);
    cr_assert_leq(stops, SUPPORT_REVIEW_TAB_STOPS, "%d tab stops on the phone's home page", stops);
    /* the longest name, cut in its list's summary, whole once opened */
    act_and_wait("document.querySelector('#xt-lists details[data-bot=\"" BIG_LONG_NAME "\"]').open = true; ''", 0);
    char *whole = support_browser_eval(&browser, "(function () { var d = document.querySelector('#xt-lists"
                                                 " details[data-bot=\"" BIG_LONG_NAME "\"]'), s = d.querySelector('summary .trunc'),"
                                                 " w = d.querySelector('a.xt-whole');"
                                                 " return (s.scrollWidth > s.clientWidth ? 'cut ' : 'whole ') +"
                                                 " (w.textContent === d.getAttribute('data-bot') && w.getBoundingClientRect().right <= 390"
                                                 " ? 'then whole' : 'then not shown whole'); })()");
    cr_assert_str_eq(whole, "cut then whole", "the long name on a phone: %s", whole);
    free(whole);
    /* every other view of the big leaderboard, in both schemes and on a
       phone; the viewer at its first step, its buttons back disabled */
    char url[4400];
    const char *views[][2] = { { "#/matches", "the matches view" }, { "#/bot/bot-03", "a bot's page" },
                               { fragment, "the partie viewer" } };
    for (size_t v = 0; v < sizeof views / sizeof views[0]; v++) {
        snprintf(url, sizeof url, "%s", support_page_url(views[v][0]));
        support_review_view(&browser, url, views[v][1]);
    }
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/1/step/0", support_page_partie_key(two));
    snprintf(url, sizeof url, "%s", support_page_url(fragment));
    support_review_view(&browser, url, "the partie viewer at its first step");
    support_browser_screen(&browser, 390, 844, 1);
    screenshot("", "page-big-phone.png", 390, 2400, 1);
    support_browser_stop(&browser);
    support_page_stop_server();
    cJSON_Delete(one.parties);
    cJSON_Delete(few.parties);
    cJSON_Delete(st);
    cJSON_Delete(records);
    cJSON_Delete(j.parties);
}

/* ---------- make bench: the time to the first standings ---------- */

TestSuite(page_bench, .init = support_page_init, .fini = suite_end, .timeout = 600);

enum { BENCH_LOADS = 5 };

static int by_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* Opens the home page BENCH_LOADS times, each after one more partie was
   posted (cold: the server fits anew) or not (warm: its cache), and
   prints the medians of the time from the navigation's start to the
   first standings in the page and to the whole home view. */
static void bench_loads(const char *what, const cJSON *rec, int *posted)
{
    int standings[2][BENCH_LOADS], ready[2][BENCH_LOADS];
    for (int cold = 0; cold < 2; cold++)
        for (int k = 0; k < BENCH_LOADS; k++) {
            if (cold) {
                struct support_page_journal one = { .parties = cJSON_CreateArray() };
                cJSON *copy = cJSON_Duplicate(rec, 1);
                char run[17];
                snprintf(run, sizeof run, "%016x", 0xbe0000 + (*posted)++);
                cJSON_ReplaceItemInObject(copy, "run", cJSON_CreateString(run));
                cJSON_AddItemToArray(one.parties, copy);
                support_page_post_journal(&one);
                cJSON_Delete(one.parties);
            }
            open_ready("");
            standings[cold][k] = page_int("document.body.getAttribute('data-standings-ms')");
            ready[cold][k] = page_int("document.body.getAttribute('data-ready-ms')");
        }
    for (int cold = 0; cold < 2; cold++) {
        qsort(standings[cold], BENCH_LOADS, sizeof(int), by_int);
        qsort(ready[cold], BENCH_LOADS, sizeof(int), by_int);
    }
    printf("page: %s: first standings %d ms after a post, %d ms cached; whole home view %d ms, %d ms "
           "(medians of %d loads in headless Chromium)\n", what, standings[1][BENCH_LOADS / 2],
           standings[0][BENCH_LOADS / 2], ready[1][BENCH_LOADS / 2], ready[0][BENCH_LOADS / 2], BENCH_LOADS);
    fflush(stdout);
}

/* The time to the first standings on the home page at the big test's
   size (5,040 parties of 40 bots), against one copy of the tournament
   (60 parties of 5 of them) as the baseline, in the same run: a figure
   for `make bench` (PAGE_BENCH=1), not a limit; skipped otherwise. */
Test(page_bench, time_to_first_standings_at_5000_parties_of_40_bots)
{
    if (!getenv("PAGE_BENCH")) cr_skip_test("a benchmark: make bench runs it (PAGE_BENCH=1)");
    struct support_page_journal j;
    int copies;
    cJSON *records = big_start(&j, &copies);
    int n = cJSON_GetArraySize(records), per = cJSON_GetArraySize(j.parties), posted = 0;
    support_page_start_server();
    support_browser_screen(&browser, 1280, 900, 0);
    cJSON *first = cJSON_CreateArray();
    for (int k = 0; k < per; k++) cJSON_AddItemToArray(first, cJSON_Duplicate(cJSON_GetArrayItem(records, k), 1));
    struct support_page_journal baseline = { .parties = first };
    support_page_post_journal(&baseline);
    char what[128];
    snprintf(what, sizeof what, "baseline, %d parties of 5 bots", per);
    bench_loads(what, cJSON_GetArrayItem(records, 0), &posted);
    cJSON *rest = cJSON_CreateArray();
    for (int k = per; k < n; k++) cJSON_AddItemToArray(rest, cJSON_Duplicate(cJSON_GetArrayItem(records, k), 1));
    post_batches(rest);
    snprintf(what, sizeof what, "%d parties of %d bots", n + posted, BIG_BOTS);
    bench_loads(what, cJSON_GetArrayItem(records, 0), &posted);
    support_browser_stop(&browser);
    support_page_stop_server();
    cJSON_Delete(rest);
    cJSON_Delete(first);
    cJSON_Delete(records);
    cJSON_Delete(j.parties);
}
