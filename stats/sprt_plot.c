/* sprt_plot.c - the SVG of a sequential test (see sprt_plot.h).
 *
 * Two panels on one x axis, pairs from 0 to the last: each draws its
 * reference lines (the bounds; H0 and H1), its data as a polyline (and the
 * estimate's interval as a polygon) and a few labelled ticks. Every value
 * is mapped through one panel struct; text is escaped for XML.
 */
#include "stats/sprt_plot.h"

#include <math.h>

enum { WIDTH = 800, HEIGHT = 560, LEFT = 70, RIGHT = 20 };

struct panel {
    double top, height;        /* in pixels */
    double lo, hi;             /* the values at the bottom and the top */
    double pairs;              /* the x axis runs 0..pairs */
};

static double px(const struct panel *p, double pair)
{
    return LEFT + (WIDTH - LEFT - RIGHT) * (p->pairs > 0 ? pair / p->pairs : 0);
}

static double py(const struct panel *p, double v)
{
    double f = p->hi > p->lo ? (v - p->lo) / (p->hi - p->lo) : 0.5;
    return p->top + p->height * (1 - fmin(1, fmax(0, f)));
}

static void escaped(FILE *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            /* XML 1.0 forbids most control characters even escaped. */
            fputc((unsigned char)*text < 0x20 ? '?' : *text, out);
        }
    }
}

static void hline(FILE *out, const struct panel *p, double v, const char *style, const char *label)
{
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n", px(p, 0), py(p, v),
            px(p, p->pairs), py(p, v), style);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">", (double)LEFT - 4,
            py(p, v) + 4);
    escaped(out, label);
    fputs("</text>\n", out);
}

static void frame(FILE *out, const struct panel *p, const char *name)
{
    fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"none\" stroke=\"#888\"/>\n",
            LEFT, p->top, WIDTH - LEFT - RIGHT, p->height);
    fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"13\">", LEFT + 6, p->top + 16);
    escaped(out, name);
    fputs("</text>\n", out);
}

static void x_ticks(FILE *out, const struct panel *p)
{
    /* 1, 2 or 5 times a power of ten, at most about 8 ticks. */
    double raw = fmax(1, p->pairs / 8), base = pow(10, floor(log10(raw))), f = raw / base;
    double step = base * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10);
    for (double x = 0; x <= p->pairs + 1e-9; x += step)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%.0f</text>\n",
                px(p, x), p->top + p->height + 14, x);
}

int sprt_plot_svg(const struct sprt_tally *t, const char *title, FILE *out)
{
    size_t n = t->n_steps;
    double h0, h1;
    char label[64];
    sprt_tally_bounds(t, &h0, &h1);
    struct panel llr = { 40, 220, t->test.lower * 1.15, t->test.upper * 1.15, n > 0 ? (double)n : 1 };
    struct panel est = { 310, 210, fmin(h0, h1), fmax(h0, h1), llr.pairs };
    for (size_t i = 0; i < n; i++) {
        llr.lo = fmin(llr.lo, t->steps[i].llr);
        llr.hi = fmax(llr.hi, t->steps[i].llr);
        /* The first pairs' intervals are huge: the band is drawn from the
         * tenth pair on, where it says something, and scaled to that. */
        if (t->steps[i].finite && i + 1 >= (n < 10 ? 1 : 10)) {
            est.lo = fmin(est.lo, t->steps[i].low);
            est.hi = fmax(est.hi, t->steps[i].high);
        }
    }
    double pad = (est.hi - est.lo) * 0.08 + 1e-9;
    est.lo -= pad;
    est.hi += pad;

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"sans-serif\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT);
    fputs("<title>", out);
    escaped(out, title);
    fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", out);
    fprintf(out, "<text x=\"%d\" y=\"22\" font-size=\"15\">", LEFT);
    escaped(out, title);
    fputs("</text>\n", out);

    frame(out, &llr, "LLR");
    snprintf(label, sizeof label, "H1 %+.2f", t->test.upper);
    hline(out, &llr, t->test.upper, "stroke=\"#2a7\" stroke-dasharray=\"6 4\"", label);
    snprintf(label, sizeof label, "H0 %+.2f", t->test.lower);
    hline(out, &llr, t->test.lower, "stroke=\"#c33\" stroke-dasharray=\"6 4\"", label);
    hline(out, &llr, 0, "stroke=\"#bbb\"", "0");
    fprintf(out, "<polyline class=\"llr\" fill=\"none\" stroke=\"#25b\" stroke-width=\"1.5\" points=\"%.1f,%.1f",
            px(&llr, 0), py(&llr, 0));
    for (size_t i = 0; i < n; i++) fprintf(out, " %.1f,%.1f", px(&llr, (double)(i + 1)), py(&llr, t->steps[i].llr));
    fputs("\"/>\n", out);
    x_ticks(out, &llr);

    snprintf(label, sizeof label, "%s, 95%% interval", sprt_tally_scale_name(t));
    frame(out, &est, label);
    snprintf(label, sizeof label, "H1 %g", h1);
    hline(out, &est, h1, "stroke=\"#2a7\" stroke-dasharray=\"6 4\"", label);
    snprintf(label, sizeof label, "H0 %g", h0);
    hline(out, &est, h0, "stroke=\"#c33\" stroke-dasharray=\"6 4\"", label);
    /* The band: the highs left to right, then the lows back. */
    size_t first = n;
    for (size_t i = 0; i < n && first == n; i++)
        if (t->steps[i].finite) first = i;
    if (first < n) {
        fputs("<polygon class=\"interval\" fill=\"#25b\" fill-opacity=\"0.18\" stroke=\"none\" points=\"", out);
        for (size_t i = first; i < n; i++)
            if (t->steps[i].finite) fprintf(out, "%.1f,%.1f ", px(&est, (double)(i + 1)), py(&est, t->steps[i].high));
        for (size_t i = n; i-- > first;)
            if (t->steps[i].finite) fprintf(out, "%.1f,%.1f ", px(&est, (double)(i + 1)), py(&est, t->steps[i].low));
        fputs("\"/>\n<polyline class=\"estimate\" fill=\"none\" stroke=\"#25b\" stroke-width=\"1.5\" points=\"", out);
        for (size_t i = first; i < n; i++)
            if (t->steps[i].finite) fprintf(out, "%.1f,%.1f ", px(&est, (double)(i + 1)), py(&est, t->steps[i].estimate));
        fputs("\"/>\n", out);
    }
    x_ticks(out, &est);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">pairs</text>\n",
            (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 8);
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
