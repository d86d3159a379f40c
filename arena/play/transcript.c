/* transcript.c - readable transcripts of a refereed partie (transcript.h). */
#include "arena/play/transcript.h"

static void print_deal(FILE *out, const struct referee *ref, int index, int verbose)
{
    const struct pq_deal *d = &ref->deals[index];
    int number = index + 1;
    int elder = pq_partie_elder_in(ref->partie.first_dealer, number);
    const char *player_of_seat[2] = { ref->names[elder], ref->names[1 - elder] };
    fprintf(out, "deal %d: elder %s, younger %s\n", number, player_of_seat[0], player_of_seat[1]);
    if (verbose) {
        char deck[96];
        pq_deck_format(d->deck, deck);
        fprintf(out, "  deck %s\n", deck);
        for (int i = 0; i < d->n_history; i++) {
            char text[PQ_ACTION_TEXT_MAX];
            pq_action_format(&d->history[i], text, sizeof text);
            fprintf(out, "  %-7s %s\n", pq_seat_name(d->history[i].pad), text);
        }
    }
    fprintf(out, "  score: %s %d, %s %d (tricks %d-%d)%s%s%s\n", player_of_seat[0], d->score[0],
            player_of_seat[1], d->score[1], d->tricks[0], d->tricks[1],
            d->carte_blanche >= 0 ? ", carte blanche" : "", d->repique >= 0 ? ", repique" : "",
            d->pique >= 0 ? ", pique" : "");
}

void transcript_print(FILE *out, const struct referee *ref, int verbose)
{
    for (int i = 0; i < ref->n_deals; i++) print_deal(out, ref, i, verbose);
    fprintf(out, "totals: %s %d, %s %d\n", ref->names[0], ref->partie.totals[0], ref->names[1], ref->partie.totals[1]);
    if (ref->forfeited)
        fprintf(out, "forfeit: %s (%s): %s\n", ref->names[ref->forfeit.player], codec_fault_name(ref->forfeit.fault),
                ref->forfeit.message);
    if (ref->winner < 0) fprintf(out, "result: drawn\n");
    else fprintf(out, "result: %s wins, settlement %d\n", ref->names[ref->winner], (int)ref->settlement);
}

void transcript_print_summary(FILE *out, const struct referee *ref)
{
    int first = ref->partie.first_dealer;
    fprintf(out, "partie %llu, %s deals first: %s %d, %s %d in %d deal%s; ", (unsigned long long)ref->partie_id,
            ref->names[first], ref->names[0], ref->partie.totals[0], ref->names[1], ref->partie.totals[1],
            ref->n_deals, ref->n_deals == 1 ? "" : "s");
    if (ref->winner < 0) fprintf(out, "drawn\n");
    else fprintf(out, "%s wins, settlement %d\n", ref->names[ref->winner], (int)ref->settlement);
    if (ref->forfeited)
        fprintf(out, "  forfeit: %s (%s): %s\n", ref->names[ref->forfeit.player], codec_fault_name(ref->forfeit.fault),
                ref->forfeit.message);
}
