/* support_scale.h - how many random cases a property test draws. The plain
 * build (`make test`) draws them all. Under AddressSanitizer (`make asan`)
 * a case costs ten to fifteen times as much, and that run is there for
 * memory errors, which any case shows, rather than for rare rules, which
 * the plain run has already covered: it draws a quarter (at least one).
 */
#ifndef SUPPORT_SCALE_H
#define SUPPORT_SCALE_H

#if defined(__SANITIZE_ADDRESS__)
#define SUPPORT_CASES(n) ((n) >= 4 ? (n) / 4 : 1)
#else
#define SUPPORT_CASES(n) (n)
#endif

#endif
