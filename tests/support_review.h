/* support_review.h - what a demanding reader checks on any view of the
 * leaderboard page (issue 22), the same way in every page test: text
 * contrast (WCAG AA, 4.5:1) in the light and the dark scheme, the tab
 * stops, and on a 390 px phone that nothing sticks out past the screen
 * and that every touch target is 44 by 44 px at least.
 *
 * Each check runs a script in the page the browser (support_browser.h)
 * shows, as it is laid out: the caller opens the view first. Hidden
 * elements, and the skip link until it is focused, are left out.
 *
 * Errors: every function asserts (Criterion) instead of returning one.
 */
#ifndef SUPPORT_REVIEW_H
#define SUPPORT_REVIEW_H

#include "tests/support_browser.h"

/* The colour scheme the page is shown in: "light" or "dark"
 * (prefers-color-scheme), at once, without a reload. */
void support_review_color_scheme(struct support_browser *b, const char *scheme);

/* The text whose contrast with what is behind it (opacity included) is
 * under 4.5:1, as "tag.class "text": ratio" items, "" when none (the
 * caller frees it); *min, when not NULL, gets the lowest ratio of any
 * text shown. */
char *support_review_low_contrast(struct support_browser *b, double *min);

/* The elements a Tab press reaches. */
int support_review_tab_stops(struct support_browser *b);

/* "A few dozen" (issue 22): the most tab stops a view may have, whatever
 * the number of bots, deals or rows (a long list is one tab stop). */
#define SUPPORT_REVIEW_TAB_STOPS 36

/* On a phone: what reaches past the screen's width (the document, or an
 * element not inside a sideways-scrolling box, class "scroll") and every
 * link, button, field, summary and legend entry under 44 x 44 px, "" when
 * none (the caller frees it); *smallest, when not NULL, gets the smallest
 * side of any of them in px. */
char *support_review_phone_faults(struct support_browser *b, int *smallest);

/* Opens url at 1280 x 900 and checks the tab stops and the contrast in
 * both schemes, then on a 390 x 844 phone the layout and the touch
 * targets; prints the figures as "review: WHERE: ..." on stderr. */
void support_review_view(struct support_browser *b, const char *url, const char *where);

/* support_review_view on every view of one game of the leaderboard
 * (support_page.h's server): its home (#/game/GAME), the page of bot
 * (unless NULL: bot pages are one layout for every game), and the match
 * viewer of the match key at its first step (the step buttons back
 * disabled) and at step 30; and a screenshot of the viewer on a phone in
 * $BUILD/page-GAME-match-phone.png. */
void support_review_game(struct support_browser *b, const char *game, const char *match_key, const char *bot);

#endif
