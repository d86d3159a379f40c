/* support_review.c - the reader's checks of a page view (support_review.h):
 * scripts run in the page through support_browser_eval; the figures
 * they find are read back as JSON. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "tests/support_page.h"
#include "tests/support_review.h"

void support_review_color_scheme(struct support_browser *b, const char *scheme)
{
    cJSON *p = cJSON_CreateObject(), *features = cJSON_AddArrayToObject(p, "features"), *f = cJSON_CreateObject();
    cr_assert(p && features && f && cJSON_AddItemToArray(features, f));
    cr_assert_not_null(cJSON_AddStringToObject(f, "name", "prefers-color-scheme"));
    cr_assert_not_null(cJSON_AddStringToObject(f, "value", scheme));
    cJSON_Delete(support_browser_call(b, "Emulation.setEmulatedMedia", p, 1));
}

/* WCAG 2 relative luminance and contrast ratio of each element's own text
   (an SVG text's fill); the background is the first ancestor's that is
   mostly opaque, white otherwise. */
static const char *const contrast_script =
    "(function () {"
    "  function rgb(c) { var m = c.match(/[\\d.]+/g) || [0, 0, 0, 0]; return m.map(Number).concat([1]).slice(0, 4); }"
    "  function lum(c) { return [0, 1, 2].map(function (i) { var v = c[i] / 255;"
    "    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })"
    "    .reduce(function (s, v, i) { return s + v * [0.2126, 0.7152, 0.0722][i]; }, 0); }"
    "  function bg(e) { for (; e; e = e.parentElement) { var c = rgb(getComputedStyle(e).backgroundColor);"
    "    if (c[3] > 0.5) return c; } return [255, 255, 255, 1]; }"
    "  function opacity(e) { var o = 1; for (; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; }"
    "  var out = [], min = 21;"
    "  document.querySelectorAll('body *').forEach(function (e) {"
    "    var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });"
    "    var r = e.getBoundingClientRect();"
    "    if (!own || r.width === 0 || e.closest('[hidden]') || e.closest('.skip')) return;"
    "    var cs = getComputedStyle(e), f = rgb(e.closest('svg') ? cs.fill : cs.color), b = bg(e), a = opacity(e);"
    "    var mix = [0, 1, 2].map(function (i) { return f[i] * a + b[i] * (1 - a); });"
    "    var l1 = lum(mix), l2 = lum(b), ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);"
    "    min = Math.min(min, ratio);"
    "    if (ratio < 4.5 && out.length < 8) out.push(e.tagName + '.' + e.className + ' \"' + e.textContent.trim().slice(0, 20) + '\": ' + ratio.toFixed(2));"
    "  });"
    "  return JSON.stringify({ min: min, low: out.join('; ') });"
    "})()";

char *support_review_low_contrast(struct support_browser *b, double *min)
{
    cJSON *r = support_browser_eval_json(b, contrast_script);
    const cJSON *low = cJSON_GetObjectItem(r, "low"), *m = cJSON_GetObjectItem(r, "min");
    cr_assert(cJSON_IsString(low) && cJSON_IsNumber(m));
    if (min) *min = m->valuedouble;
    char *copy = strdup(low->valuestring);
    cr_assert_not_null(copy);
    cJSON_Delete(r);
    return copy;
}

int support_review_tab_stops(struct support_browser *b)
{
    char *n = support_browser_eval(b,
        "String(Array.prototype.filter.call(document.querySelectorAll("
        "'a[href], button, input, select, summary, [tabindex]'), function (e) {"
        "  var r = e.getBoundingClientRect();"
        "  return e.tabIndex >= 0 && !e.disabled && r.width > 0 && !e.closest('[hidden]')"
        "    && !e.closest('details:not([open]) > :not(summary)');"
        "}).length)");
    int stops = atoi(n);
    free(n);
    return stops;
}

char *support_review_phone_faults(struct support_browser *b, int *smallest)
{
    cJSON *r = support_browser_eval_json(b,
        "(function () {"
        "  var out = [], w = window.innerWidth, small = 1e9;"
        "  if (document.documentElement.scrollWidth > w)"
        "    out.push('the document is ' + document.documentElement.scrollWidth + ' px wide');"
        "  Array.prototype.forEach.call(document.querySelectorAll('body *'), function (e) {"
        "    var r = e.getBoundingClientRect();"
        "    if (r.width > 0 && r.right > w + 0.5 && !(e.parentElement && e.parentElement.closest('.scroll'))"
        "        && out.length < 8)"
        "      out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' reaches ' + Math.round(r.right) + ' px');"
        "  });"
        "  document.querySelectorAll('a[href], button, input, select, summary, [tabindex], .legend li').forEach(function (e) {"
        "    var r = e.getBoundingClientRect();"
        "    if (r.width === 0 || e.closest('[hidden]') || e.closest('.skip') || e.tagName === 'MAIN') return;"
        "    var side = Math.min(r.width, r.height);"
        "    small = Math.min(small, side);"
        "    if (side < 43.5 && out.length < 8)"
        "      out.push(e.tagName.toLowerCase() + '.' + e.className + ' \"' + e.textContent.trim().slice(0, 16) + '\" '"
        "        + Math.round(r.width) + 'x' + Math.round(r.height) + ' px');"
        "  });"
        "  return JSON.stringify({ faults: out.join('; '), smallest: Math.round(small) });"
        "})()");
    const cJSON *faults = cJSON_GetObjectItem(r, "faults"), *s = cJSON_GetObjectItem(r, "smallest");
    cr_assert(cJSON_IsString(faults) && cJSON_IsNumber(s));
    if (smallest) *smallest = s->valueint;
    char *copy = strdup(faults->valuestring);
    cr_assert_not_null(copy);
    cJSON_Delete(r);
    return copy;
}

void support_review_view(struct support_browser *b, const char *url, const char *where)
{
    double light, dark;
    int smallest, stops;
    support_browser_screen(b, 1280, 900, 0);
    support_browser_open(b, url);
    char *state = support_browser_eval(b, "String(document.body.getAttribute('data-state'))");
    cr_assert_str_eq(state, "ready", "%s is not ready", where);
    free(state);
    stops = support_review_tab_stops(b);
    cr_assert_leq(stops, SUPPORT_REVIEW_TAB_STOPS, "%s: %d tab stops", where, stops);
    char *low = support_review_low_contrast(b, &light);
    cr_assert_str_eq(low, "", "%s: text under 4.5:1 in the light scheme: %s", where, low);
    free(low);
    support_review_color_scheme(b, "dark");
    low = support_review_low_contrast(b, &dark);
    support_review_color_scheme(b, "light");
    cr_assert_str_eq(low, "", "%s: text under 4.5:1 in the dark scheme: %s", where, low);
    free(low);
    support_browser_screen(b, 390, 844, 1);
    support_browser_open(b, url);
    char *faults = support_review_phone_faults(b, &smallest);
    cr_assert_str_eq(faults, "", "%s on a 390 px phone: %s", where, faults);
    free(faults);
    support_browser_screen(b, 1280, 900, 0);
    fprintf(stderr, "review: %s: lowest contrast %.2f:1 (light), %.2f:1 (dark); %d tab stops; "
            "smallest touch target %d px at 390 px\n", where, light, dark, stops, smallest);
}

void support_review_game(struct support_browser *b, const char *game, const char *match_key, const char *bot)
{
    char fragment[512], url[4400], where[256];
    for (int v = 0; v < 4; v++) {
        const char *what = "home page";
        if (v == 1 && !bot) continue;
        if (v == 0) {
            snprintf(fragment, sizeof fragment, "#/game/%s", game);
        } else if (v == 1) { /* the bot's name, percent-encoded but for letters, digits and '-' */
            what = "bot page";
            size_t used = (size_t)snprintf(fragment, sizeof fragment, "#/game/%s/bot/", game);
            for (const unsigned char *c = (const unsigned char *)bot; *c && used + 4 < sizeof fragment; c++) {
                int plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-';
                if (plain) fragment[used++] = (char)*c;
                else used += (size_t)snprintf(fragment + used, sizeof fragment - used, "%%%02X", *c);
                fragment[used] = '\0';
            }
        } else {
            what = v == 2 ? "match viewer at its first step" : "match viewer at step 30";
            snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/%d", match_key, v == 2 ? 0 : 30);
        }
        snprintf(url, sizeof url, "%s", support_page_url(fragment));
        snprintf(where, sizeof where, "%s's %s", game, what);
        support_review_view(b, url, where);
    }
    char shot[4200];
    snprintf(shot, sizeof shot, "%s/page-%s-match-phone.png", support_page_build_dir(), game);
    support_browser_screenshot(b, url, 390, 2400, 1, shot);
    support_browser_screen(b, 1280, 900, 0);
}
