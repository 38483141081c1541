/**
 * Counts the text-matching work of searches, so that specs can hold it linear in a query's size
 * without timing anything: the edit-distance cells computed, and the longest word handed to the
 * Porter2 stemmer (whose regular expressions backtrack, quadratic in a word's length). Counting
 * costs one addition per dynamic-programme row and one comparison per stemmed word.
 */
export class SearchWorkMeter {
  distanceCells = 0;
  longestStemmedWord = 0;

  reset(): void {
    this.distanceCells = 0;
    this.longestStemmedWord = 0;
  }
}

/** The process's meter: every search adds to it. */
export const SEARCH_WORK = new SearchWorkMeter();
